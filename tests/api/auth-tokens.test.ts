import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../backend/app";
import { authenticate, issueToken, registerAuth } from "../../backend/auth/authenticate";
import { removeClient } from "../../backend/auth/token-store";
import { rotateToken } from "../../backend/auth/tokens";
import type { Database } from "../../backend/db/client";
import { users } from "../../backend/db/schema";
import { parseEnv } from "../../backend/env";
import { notFound } from "../../backend/errors";
import { registerTenantHook } from "../../backend/plugins/tenant";
import { MemoryMailer } from "./support/app";
import { authOf, NO_RATE_LIMITS, signIn, testClock, userRow } from "./support/auth";
import { freshDatabase } from "./support/database";
import { createTenantWithCenter, createUser } from "./support/factories";

// The real app plus a few protected test routes, registered the way resource routers are.
const LIFESPAN = 14 * 24 * 3600;
const UNAUTHENTICATED = { errors: ["You need to sign in or sign up before continuing."] };
const clock = testClock();
let database: Database;
let app: FastifyInstance;
let slug: string;
let tenantId: number;

async function appWith(env: Record<string, string>) {
  const built = await buildApp({
    database,
    config: parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", ...env }),
    mailer: new MemoryMailer(),
    logger: false,
    auth: { now: clock.now, rateLimits: NO_RATE_LIMITS },
  });
  await built.register(async (scope) => {
    registerTenantHook(scope);
    registerAuth(scope);
    scope.get("/test/private", { preHandler: authenticate }, async (request) => ({
      id: request.user?.id,
    }));
    scope.get("/test/boom", { preHandler: authenticate }, async () => {
      throw notFound();
    });
    scope.get("/test/rendered-error", { preHandler: authenticate }, async (_request, reply) =>
      reply.code(422).send({ errors: ["rendered, not thrown"] }),
    );
    // A sign-out of this very client lands while the request is still running.
    scope.get("/test/signed-out-meanwhile", { preHandler: authenticate }, async (request) => {
      const user = request.user!;
      await removeClient(scope.db, user.tenantId, user.id, String(request.headers.client));
      return { ok: true };
    });
    // The same user signs in on another device while this request is still running.
    scope.get(
      "/test/signed-in-elsewhere-meanwhile",
      { preHandler: authenticate },
      async (request) => {
        const user = request.user!;
        const other = await issueToken(scope.db, user.tenantId, user.id, { now: clock.now });
        return { client: other.client };
      },
    );
  });
  await built.ready();
  return built;
}

beforeAll(async () => {
  database = await freshDatabase();
  app = await appWith({});
  const { tenant } = await createTenantWithCenter(database.db);
  slug = tenant.slug;
  tenantId = tenant.id;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const get = (url: string, auth: Record<string, string> = {}, on = app) =>
  on.inject({ method: "GET", url, headers: { "x-tenant": slug, ...auth } });
const newUser = () => createUser(database.db, tenantId);
const expiryIn = (seconds: number) => String(Math.floor(clock.now().getTime() / 1000) + seconds);
/** Outside the 5 s batch buffer of the last rotation. */
const pause = () => clock.advance(6_000);

async function signedIn() {
  const user = await newUser();
  const { auth } = await signIn(app, slug, user.email, user.password);
  return { user, auth };
}

describe("authenticate", () => {
  it("answers 401 in devise's shape without credentials or with a wrong token", async () => {
    const { auth } = await signedIn();
    for (const headers of [{}, { ...auth, "access-token": "wrong-token-1234567890" }]) {
      const res = await get("/test/private", headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
      expect(res.headers["access-token"]).toBeUndefined();
    }
  });

  it("sets request.user from the headers, the query string or the Authorization bearer", async () => {
    const { user, auth } = await signedIn();
    pause();
    expect((await get("/test/private", auth)).json()).toEqual({ id: user.id });
    const query = new URLSearchParams(auth).toString();
    expect((await get(`/test/private?${query}`)).json()).toEqual({ id: user.id });
    const bearer = Buffer.from(JSON.stringify(auth)).toString("base64");
    const res = await get("/test/private", { authorization: `Bearer ${bearer}` });
    expect(res.json()).toEqual({ id: user.id });
  });

  it("takes a missing client to be 'default'", async () => {
    const user = await newUser();
    const issued = rotateToken({}, "default", clock.now(), {
      lifespanSeconds: LIFESPAN,
      maxDevices: 10,
    });
    await database.db.update(users).set({ tokens: issued.tokens }).where(eq(users.id, user.id));
    const res = await get("/test/private", { "access-token": issued.token, uid: user.uid });
    expect(res.statusCode).toBe(200);
    expect(res.headers.client).toBe("default");
  });

  it("refuses the token of a user who became inactive or archived", async () => {
    for (const status of ["inactive", "archived"] as const) {
      const { user, auth } = await signedIn();
      await database.db.update(users).set({ status }).where(eq(users.id, user.id));
      expect((await get("/test/private", auth)).statusCode).toBe(401);
    }
  });

  it("refuses an expired token", async () => {
    const { auth } = await signedIn();
    clock.advance((LIFESPAN + 1) * 1000);
    const res = await get("/test/private", auth);
    expect(res.statusCode).toBe(401);
  });

  it("issueToken signs a user in for tests, and its first use rotates", async () => {
    const user = await newUser();
    const auth = await issueToken(database.db, tenantId, user.id, { now: clock.now });
    const res = await get("/test/private", auth);
    expect(res.json()).toEqual({ id: user.id });
    expect(res.headers["access-token"]).not.toBe(auth["access-token"]);
    expect(String(res.headers["access-token"]).trim()).not.toBe("");
  });
});

describe("token rotation", () => {
  it("gives every request a new token; the new one works and the previous one still does", async () => {
    const { auth } = await signedIn();
    pause();
    const first = await get("/test/private", auth);
    const rotated = authOf(first);
    expect(rotated["access-token"]).not.toBe(auth["access-token"]);
    expect(rotated.client).toBe(auth.client);
    // The expiry slides: now + lifespan.
    expect(first.headers.expiry).toBe(expiryIn(LIFESPAN));
    pause();
    expect((await get("/test/private", auth)).statusCode).toBe(200);
    pause();
    expect((await get("/test/private", rotated)).statusCode).toBe(200);
  });

  it("accepts the last token only within 5 s of the last rotation", async () => {
    const { auth: s } = await signedIn();
    pause();
    const b = authOf(await get("/test/private", s)); // token B, previous S
    pause();
    await get("/test/private", b); // token C, previous B, last S
    clock.advance(4_000);
    expect((await get("/test/private", s)).statusCode).toBe(200);
    clock.advance(5_001);
    const late = await get("/test/private", s);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual(UNAUTHENTICATED);
  });

  it("answers a batch request with a blank access-token and expiry but keeps client and uid", async () => {
    const { user, auth } = await signedIn();
    // Within 5 s of the sign-in's rotation.
    clock.advance(1_000);
    const res = await get("/test/private", auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers["access-token"]).toBe(" ");
    expect(res.headers.expiry).toBe(" ");
    expect(res.headers.client).toBe(auth.client);
    expect(res.headers.uid).toBe(user.uid);
    expect(res.headers["token-type"]).toBe("Bearer");
    expect(res.headers.authorization).toBeUndefined();
    // The batch extended the buffer: updated_at moved to now.
    const row = await userRow(database.db, user.id);
    expect(row.tokens[auth.client].updatedAt).toBe(clock.now().toISOString());
  });

  it("rotates inside the batch buffer when asked with ?unbatch", async () => {
    const { auth } = await signedIn();
    const res = await get("/test/private?unbatch=true", auth);
    expect(String(res.headers["access-token"]).trim()).not.toBe("");
    expect(res.headers["access-token"]).not.toBe(auth["access-token"]);
    expect((await get("/test/private", authOf(res))).statusCode).toBe(200);
  });

  it("lets two simultaneous requests with one token both through", async () => {
    const { auth } = await signedIn();
    pause();
    const [a, b] = await Promise.all([get("/test/private", auth), get("/test/private", auth)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    // One rotated, the other counted as a batch and got the blank token.
    const tokens = [a.headers["access-token"], b.headers["access-token"]];
    expect(tokens.filter((x) => x === " ")).toHaveLength(1);
  });

  it("rotates after an error the handler rendered, but not after one it threw", async () => {
    const { user, auth } = await signedIn();
    pause();
    const rendered = await get("/test/rendered-error", auth);
    expect(rendered.statusCode).toBe(422);
    expect(String(rendered.headers["access-token"]).trim()).not.toBe("");
    pause();
    const before = (await userRow(database.db, user.id)).tokens;
    const thrown = await get("/test/boom", authOf(rendered));
    expect(thrown.statusCode).toBe(404);
    expect(thrown.headers["access-token"]).toBeUndefined();
    expect((await userRow(database.db, user.id)).tokens).toEqual(before);
  });

  it("sends no headers when a sign-out removed the client during the request", async () => {
    const { user, auth } = await signedIn();
    pause();
    const res = await get("/test/signed-out-meanwhile", auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers["access-token"]).toBeUndefined();
    expect(res.headers.client).toBeUndefined();
    expect((await userRow(database.db, user.id)).tokens[auth.client]).toBeUndefined();
  });

  it("keeps a client another device added during the request, and still rotates its own", async () => {
    const { user, auth } = await signedIn();
    pause();
    const res = await get("/test/signed-in-elsewhere-meanwhile", auth);
    expect(res.statusCode).toBe(200);
    const added = res.json().client as string;
    const tokens = (await userRow(database.db, user.id)).tokens;
    expect(Object.keys(tokens).sort()).toEqual([auth.client, added].sort());
    // The answer's new token is the one stored for the request's client.
    expect(res.headers["access-token"]).toEqual(expect.any(String));
    const next = authOf(res);
    expect((await get("/test/private", next)).json()).toEqual({ id: user.id });
  });

  it("keeps at most 10 devices, dropping the one that expires first", async () => {
    const user = await newUser();
    const sessions: Record<string, string>[] = [];
    for (let i = 0; i < 11; i++) {
      sessions.push((await signIn(app, slug, user.email, user.password)).auth);
      clock.advance(1_000);
    }
    const row = await userRow(database.db, user.id);
    expect(Object.keys(row.tokens)).toHaveLength(10);
    expect(row.tokens[sessions[0].client]).toBeUndefined();
    expect((await get("/test/private", sessions[0])).statusCode).toBe(401);
    expect((await get("/test/private", sessions[10])).statusCode).toBe(200);
  });

  it("drops expired clients when the tokens are saved", async () => {
    const user = await newUser();
    const old = (await signIn(app, slug, user.email, user.password)).auth;
    clock.advance((LIFESPAN + 1) * 1000);
    const fresh = (await signIn(app, slug, user.email, user.password)).auth;
    const row = await userRow(database.db, user.id);
    expect(Object.keys(row.tokens)).toEqual([fresh.client]);
    expect(old.client).not.toBe(fresh.client);
  });
});

describe("with TOKEN_ROTATION=false", () => {
  let fixed: FastifyInstance;
  beforeAll(async () => {
    fixed = await appWith({ TOKEN_ROTATION: "false" });
  });
  afterAll(() => fixed.close());

  it("echoes the same token and expiry and writes nothing", async () => {
    const user = await newUser();
    const { res, auth } = await signIn(fixed, slug, user.email, user.password);
    const before = (await userRow(database.db, user.id)).tokens;
    pause();
    const next = await get("/test/private", auth, fixed);
    expect(next.statusCode).toBe(200);
    expect(next.headers["access-token"]).toBe(auth["access-token"]);
    expect(next.headers.expiry).toBe(res.headers.expiry);
    expect(next.headers.client).toBe(auth.client);
    expect((await userRow(database.db, user.id)).tokens).toEqual(before);
  });
});

describe("GET /auth/validate_token", () => {
  it("answers 200 with the user and rotated headers", async () => {
    const { user, auth } = await signedIn();
    pause();
    const res = await get("/auth/validate_token", auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { id: user.id, uid: user.uid } });
    expect(res.json().data.tokens).toBeUndefined();
    expect(res.headers["access-token"]).not.toBe(auth["access-token"]);
  });

  it("answers 401 with devise_token_auth's body for a bad token", async () => {
    const res = await get("/auth/validate_token", {
      uid: "x@example.test",
      "access-token": "nope",
      client: "c",
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, errors: ["Invalid login credentials"] });
  });
});

describe("DELETE /auth/sign_out", () => {
  const signOut = (auth: Record<string, string>) =>
    app.inject({ method: "DELETE", url: "/auth/sign_out", headers: { "x-tenant": slug, ...auth } });

  it("removes the client, answers {success:true} and sends no new headers", async () => {
    const { user, auth } = await signedIn();
    const other = (await signIn(app, slug, user.email, user.password)).auth;
    const res = await signOut(auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(res.headers["access-token"]).toBeUndefined();
    const row = await userRow(database.db, user.id);
    expect(row.tokens[auth.client]).toBeUndefined();
    expect(row.tokens[other.client]).toBeDefined();
    expect((await get("/test/private", auth)).statusCode).toBe(401);
  });

  it("answers 404 when not signed in", async () => {
    const { auth } = await signedIn();
    await signOut(auth);
    for (const headers of [auth, {}]) {
      const res = await signOut(headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        success: false,
        errors: ["User was not found or was not logged in."],
      });
    }
  });
});
