import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../backend/db/client";
import { activityEvents, users } from "../../backend/db/schema";
import { recordActivity } from "../../backend/queries/activity-events";
import { createTestApp, type TestApp } from "./support/app";
import { authOf, linkIn, NO_RATE_LIMITS, signIn, testClock, userRow } from "./support/auth";
import { createActivityEvent, createTenant, createUser } from "./support/factories";
import { signedIn } from "./support/resources";

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1";
const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
const REDIRECT = "http://oldebroek.localhost:3000/auth/reset";
const NEW_PASSWORD = "A-new-password-42";
const DEVISE_401 = { errors: ["You need to sign in or sign up before continuing."] };
const JSONAPI = /^application\/vnd\.api\+json/;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const clock = testClock();
let t: TestApp;
let a: { id: number; slug: string };
let b: { id: number; slug: string };

beforeAll(async () => {
  t = await createTestApp({}, { auth: { now: clock.now, rateLimits: NO_RATE_LIMITS } });
  a = await createTenant(t.database.db, { name: "Oldebroek" });
  b = await createTenant(t.database.db, { name: "Roermond" });
});
afterAll(() => t.close());

const db = () => t.database.db;
const inject = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  options: { payload?: Record<string, unknown>; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method,
    url,
    payload: options.payload,
    headers: { "x-tenant": a.slug, ...options.headers },
  });

/** One user's events as stored (read as the owner), in the order they were written. */
async function eventsOf(userId: number) {
  return db()
    .select({
      action: activityEvents.action,
      client: activityEvents.client,
      actorId: activityEvents.actorId,
      tenantId: activityEvents.tenantId,
      createdAt: activityEvents.createdAt,
    })
    .from(activityEvents)
    .where(eq(activityEvents.userId, userId))
    .orderBy(asc(activityEvents.id));
}
const actionsOf = async (userId: number) => (await eventsOf(userId)).map((e) => e.action);

async function totalEvents(): Promise<number> {
  const result = await db().execute(sql`select count(*)::int as n from activity_events`);
  return (result as { rows: { n: number }[] }).rows[0].n;
}

const requestReset = (email: string, headers: Record<string, string> = {}) =>
  inject("POST", "/auth/password", { payload: { email, redirect_url: REDIRECT }, headers });

/** Asks for a reset and answers the mailed link's token. */
async function resetToken(email: string, headers: Record<string, string> = {}) {
  expect((await requestReset(email, headers)).statusCode).toBe(200);
  return linkIn(t.mailer.last(email)!.text).searchParams.get("reset_password_token")!;
}

async function lock(email: string) {
  for (let i = 0; i < 5; i++) {
    const { res } = await signIn(t.app, a.slug, email, "wrong-password", {
      "user-agent": CHROME_WINDOWS,
    });
    expect(res.statusCode).toBe(401);
  }
}

describe("recording account activity", () => {
  it("a sign-in through POST /auth/sign_in records signed_in by the user, with the client from the User-Agent, at the auth clock's time", async () => {
    const user = await createUser(db(), a.id);
    const { res } = await signIn(t.app, a.slug, user.email, user.password, {
      "user-agent": FIREFOX_LINUX,
    });
    expect(res.statusCode).toBe(200);
    expect(await eventsOf(user.id)).toEqual([
      {
        action: "signed_in",
        client: "Firefox op Linux",
        actorId: user.id,
        tenantId: a.id,
        createdAt: clock.now(),
      },
    ]);
  });

  it("words the client for an English account, and stores null for a User-Agent it does not know", async () => {
    const english = await createUser(db(), a.id, { locale: "en" });
    await signIn(t.app, a.slug, english.email, english.password, { "user-agent": SAFARI_IPHONE });
    // inject sends 'lightMyRequest' unless told otherwise.
    const unknown = await createUser(db(), a.id);
    await signIn(t.app, a.slug, unknown.email, unknown.password);
    expect((await eventsOf(english.id)).map((e) => e.client)).toEqual(["Safari on iOS"]);
    expect((await eventsOf(unknown.id)).map((e) => e.client)).toEqual([null]);
  });

  it("stores neither the raw User-Agent nor the IP address", async () => {
    const user = await createUser(db(), a.id);
    await signIn(t.app, a.slug, user.email, user.password, {
      "user-agent": FIREFOX_LINUX,
      "x-forwarded-for": "203.0.113.9",
    });
    const result = await db().execute(
      sql`select to_jsonb(e)::text as row from activity_events e where user_id = ${user.id}`,
    );
    const [stored] = (result as { rows: { row: string }[] }).rows;
    expect(stored.row).not.toMatch(/Mozilla|Gecko|125\.0|x86_64|203\.0\.113|127\.0\.0\.1/);
    const columns = await db().execute(
      sql`select column_name from information_schema.columns where table_name = 'activity_events' order by ordinal_position`,
    );
    expect((columns as { rows: { column_name: string }[] }).rows.map((c) => c.column_name)).toEqual(
      ["id", "tenant_id", "user_id", "actor_id", "action", "client", "created_at"],
    );
  });

  it("failed sign-ins record nothing: a wrong password, no password, an unknown e-mail, an unconfirmed or inactive account", async () => {
    const user = await createUser(db(), a.id);
    const unconfirmed = await createUser(db(), a.id, { confirmed: false });
    const inactive = await createUser(db(), a.id, { status: "inactive" });
    const before = await totalEvents();
    for (const [email, password] of [
      [user.email, "wrong-password"],
      [user.email, ""],
      ["nobody@example.test", user.password],
      [unconfirmed.email, unconfirmed.password],
      [inactive.email, inactive.password],
    ]) {
      const { res } = await signIn(t.app, a.slug, email, password, { "user-agent": FIREFOX_LINUX });
      expect(res.statusCode).toBe(401);
    }
    expect(await totalEvents()).toBe(before);
  });

  it("DELETE /auth/sign_out records signed_out; signing out a client that is gone records nothing", async () => {
    const user = await createUser(db(), a.id);
    const { auth } = await signIn(t.app, a.slug, user.email, user.password);
    clock.advance(MINUTE);
    const headers = { ...auth, "user-agent": SAFARI_IPHONE };
    expect((await inject("DELETE", "/auth/sign_out", { headers })).statusCode).toBe(200);
    expect((await inject("DELETE", "/auth/sign_out", { headers })).statusCode).toBe(404);
    const events = await eventsOf(user.id);
    expect(events.map((e) => [e.action, e.client, e.actorId])).toEqual([
      ["signed_in", null, user.id],
      ["signed_out", "Safari op iOS", user.id],
    ]);
    expect(events[1].createdAt.getTime() - events[0].createdAt.getTime()).toBe(MINUTE);
  });

  it("POST /auth/password records password_reset_requested (by nobody known) for an existing account only; the answers are what they were", async () => {
    const user = await createUser(db(), a.id);
    const before = await totalEvents();
    const existing = await requestReset(user.email, { "user-agent": CHROME_WINDOWS });
    const unknown = await requestReset("nobody@example.test", { "user-agent": CHROME_WINDOWS });
    // devise_token_auth's own answers (api-contract §1.4, tests/api/auth-password.test.ts):
    // the recording adds no key, header or status to either of them.
    expect(existing.statusCode).toBe(200);
    expect(existing.json()).toEqual({
      success: true,
      message: `An email has been sent to '${user.email}' containing instructions for resetting your password.`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      success: false,
      errors: ["Unable to find user with email 'nobody@example.test'."],
    });
    expect(Object.keys(existing.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
    expect(await totalEvents()).toBe(before + 1);
    expect(await eventsOf(user.id)).toEqual([
      expect.objectContaining({
        action: "password_reset_requested",
        client: "Chrome op Windows",
        actorId: null,
      }),
    ]);
  });

  it("PUT /auth/password signed in records password_changed by the user; a refused change records nothing", async () => {
    const user = await createUser(db(), a.id);
    const { auth } = await signIn(t.app, a.slug, user.email, user.password);
    const put = (password_confirmation: string) =>
      inject("PUT", "/auth/password", {
        payload: { password: NEW_PASSWORD, password_confirmation },
        headers: { ...auth, "user-agent": FIREFOX_LINUX },
      });
    expect((await put("something-else")).statusCode).toBe(422);
    expect(await actionsOf(user.id)).toEqual(["signed_in"]);
    expect((await put(NEW_PASSWORD)).statusCode).toBe(200);
    expect((await eventsOf(user.id))[1]).toMatchObject({
      action: "password_changed",
      client: "Firefox op Linux",
      actorId: user.id,
    });
  });

  it("PUT /auth/password with the mailed token records the change and the sign-in its fresh client token is, both by the user", async () => {
    const user = await createUser(db(), a.id);
    const token = await resetToken(user.email);
    const res = await inject("PUT", "/auth/password", {
      payload: {
        reset_password_token: token,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      },
      headers: { "user-agent": SAFARI_IPHONE },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["access-token"]).toBeDefined();
    expect((await eventsOf(user.id)).map((e) => [e.action, e.actorId, e.client])).toEqual([
      ["password_reset_requested", null, null],
      ["password_changed", user.id, "Safari op iOS"],
      ["signed_in", user.id, "Safari op iOS"],
    ]);
  });

  it("five failed sign-ins lock the account: one account_locked by the system, nothing for the failures or for tries while locked", async () => {
    const user = await createUser(db(), a.id);
    await lock(user.email);
    expect((await userRow(db(), user.id)).lockedAt).not.toBeNull();
    // While locked, even the right password is refused, and that records nothing either.
    const { res } = await signIn(t.app, a.slug, user.email, user.password);
    expect(res.statusCode).toBe(401);
    const events = await eventsOf(user.id);
    expect(events).toEqual([
      {
        action: "account_locked",
        client: "Chrome op Windows",
        actorId: null,
        tenantId: a.id,
        createdAt: (await userRow(db(), user.id)).lockedAt,
      },
    ]);
  });

  it("the mailed unlock link records account_unlocked by the user", async () => {
    const user = await createUser(db(), a.id);
    await lock(user.email);
    const link = linkIn(t.mailer.last(user.email)!.text);
    clock.advance(5 * MINUTE);
    const res = await inject("GET", `/auth/unlock${link.search}`, {
      headers: { "user-agent": FIREFOX_LINUX },
    });
    expect(res.statusCode).toBe(302);
    expect((await eventsOf(user.id)).map((e) => [e.action, e.actorId, e.client])).toEqual([
      ["account_locked", null, "Chrome op Windows"],
      ["account_unlocked", user.id, "Firefox op Linux"],
    ]);
  });

  it("a lock that ran out is lifted without an unlock event; the sign-in after it is recorded", async () => {
    const user = await createUser(db(), a.id);
    await lock(user.email);
    clock.advance(HOUR + MINUTE);
    const { res } = await signIn(t.app, a.slug, user.email, user.password);
    expect(res.statusCode).toBe(200);
    expect(await actionsOf(user.id)).toEqual(["account_locked", "signed_in"]);
  });

  it("a password reset of a locked, unconfirmed account confirms and unlocks it as well, each by the user", async () => {
    const user = await createUser(db(), a.id, { confirmed: false });
    // Locked by hand: an unconfirmed account cannot get as far as a failed password.
    await db().update(users).set({ lockedAt: clock.now() }).where(eq(users.id, user.id));
    const token = await resetToken(user.email);
    const res = await inject("PUT", "/auth/password", {
      payload: {
        reset_password_token: token,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      },
    });
    expect(res.statusCode).toBe(200);
    const events = await eventsOf(user.id);
    expect(events.map((e) => [e.action, e.actorId])).toEqual([
      ["password_reset_requested", null],
      ["account_confirmed", user.id],
      ["account_unlocked", user.id],
      ["password_changed", user.id],
      ["signed_in", user.id],
    ]);
  });

  it("following the reset link confirms an unconfirmed account and records it; a confirmed one records nothing there", async () => {
    const unconfirmed = await createUser(db(), a.id, { confirmed: false });
    const confirmed = await createUser(db(), a.id);
    for (const user of [unconfirmed, confirmed]) {
      await resetToken(user.email);
      const link = linkIn(t.mailer.last(user.email)!.text);
      expect((await inject("GET", `/auth/password/edit${link.search}`)).statusCode).toBe(302);
    }
    expect(await actionsOf(unconfirmed.id)).toEqual([
      "password_reset_requested",
      "account_confirmed",
    ]);
    expect(await actionsOf(confirmed.id)).toEqual(["password_reset_requested"]);
  });

  it("confirming by the mailed token (POST /api/v1/confirm, GET /auth/confirmation) records account_confirmed once", async () => {
    for (const confirmVia of ["post", "get"] as const) {
      const user = await createUser(db(), a.id, { confirmed: false });
      await inject("POST", "/auth/confirmation", { payload: { email: user.email } });
      const token = linkIn(t.mailer.last(user.email)!.text).searchParams.get("confirmation_token")!;
      const confirm = () =>
        confirmVia === "post"
          ? t.app.inject({
              method: "POST",
              url: "/api/v1/confirm",
              headers: {
                "x-tenant": a.slug,
                "content-type": "application/vnd.api+json",
                "user-agent": FIREFOX_LINUX,
              },
              payload: JSON.stringify({ confirmation_token: token }),
            })
          : inject("GET", `/auth/confirmation?confirmation_token=${token}`, {
              headers: { "user-agent": FIREFOX_LINUX },
            });
      const first = await confirm();
      expect([200, 302]).toContain(first.statusCode);
      // A second click: 'already confirmed', and no second event.
      await confirm();
      expect((await eventsOf(user.id)).map((e) => [e.action, e.actorId, e.client])).toEqual([
        ["account_confirmed", user.id, "Firefox op Linux"],
      ]);
    }
  });
});

describe("when recording fails", () => {
  it("recordActivity logs the error and rolls back only its own savepoint: the change it went with stands", async () => {
    const user = await createUser(db(), a.id);
    const logged: unknown[] = [];
    const log = { error: (...args: unknown[]) => logged.push(args) };
    const written = await withTenant(db(), a.id, async (tx) => {
      // A user id that does not exist: the foreign key refuses the insert.
      const ok = await recordActivity(
        tx,
        {
          tenantId: a.id,
          userId: 2_000_000_000,
          actorId: null,
          action: "signed_in",
          userAgent: "",
        },
        log,
      );
      await tx.update(users).set({ firstName: "Still written" }).where(eq(users.id, user.id));
      return ok;
    });
    expect(written).toBe(false);
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged[0])).toContain("activity event could not be recorded");
    expect((await userRow(db(), user.id)).firstName).toBe("Still written");
  });

  it("a sign-in still succeeds (and records nothing) when the app role may not write events", async () => {
    const user = await createUser(db(), a.id);
    await db().execute(sql`revoke insert on activity_events from volunteerly_app`);
    try {
      const { res } = await signIn(t.app, a.slug, user.email, user.password);
      expect(res.statusCode).toBe(200);
      expect(res.headers["access-token"]).toBeDefined();
    } finally {
      await db().execute(sql`grant insert on activity_events to volunteerly_app`);
    }
    expect(await eventsOf(user.id)).toEqual([]);
    expect((await userRow(db(), user.id)).signInCount).toBe(1);
  });
});

describe("GET /api/v1/activity_events", () => {
  const list = (query: string, headers: Record<string, string>) =>
    t.app.inject({ method: "GET", url: `/api/v1/activity_events${query}`, headers });
  type TBody = {
    data: { id: string; type: string; attributes: Record<string, unknown> }[];
    meta: { pagination: Record<string, number> };
    links: Record<string, string>;
  };
  const NOW = Date.now();
  const ago = (ms: number) => new Date(NOW - ms);
  let jane: { id: number; headers: Record<string, string> };
  let janes: Awaited<ReturnType<typeof createActivityEvent>>[];
  let bobs: number[];
  let carols: number[];

  beforeAll(async () => {
    const janeRow = await createUser(db(), a.id);
    jane = { id: janeRow.id, headers: await signedIn(db(), a, janeRow.id) };
    const add = (attrs: Parameters<typeof createActivityEvent>[3]) =>
      createActivityEvent(db(), a.id, jane.id, attrs);
    const tie = ago(24 * HOUR);
    // Written out of order; two at one instant, so only the id can order them.
    janes = [
      await add({ action: "password_changed", createdAt: ago(10 * 24 * HOUR) }),
      await add({ action: "signed_in", createdAt: ago(3 * HOUR), client: "Safari op iOS" }),
      await add({ action: "account_locked", actorId: null, client: null, createdAt: tie }),
      await add({ action: "account_unlocked", createdAt: tie }),
      await add({ action: "signed_in", createdAt: ago(2 * 24 * HOUR) }),
    ];
    const bob = await createUser(db(), a.id);
    bobs = [(await createActivityEvent(db(), a.id, bob.id, { createdAt: ago(MINUTE) })).id];
    // An event about Bob that Jane did (a later admin action): it is Bob's, not Jane's.
    bobs.push(
      (await createActivityEvent(db(), a.id, bob.id, { actorId: jane.id, createdAt: ago(0) })).id,
    );
    const carol = await createUser(db(), b.id);
    carols = [(await createActivityEvent(db(), b.id, carol.id)).id];
  });

  /** Newest first, the two at one instant by id descending. */
  const newestFirst = () => [janes[1], janes[3], janes[2], janes[4], janes[0]].map((e) => e.id);
  const ids = (body: TBody) => body.data.map((d) => Number(d.id));

  it("lists the signed-in user's own events as activity_event resources, newest first", async () => {
    const res = await list("", jane.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(JSONAPI);
    const body = res.json() as TBody;
    expect(ids(body)).toEqual(newestFirst());
    expect(body.data[0]).toEqual({
      id: String(janes[1].id),
      type: "activity_event",
      attributes: {
        action: "signed_in",
        client: "Safari op iOS",
        created_at: janes[1].createdAt.toISOString(),
        by_self: true,
      },
    });
    const locked = body.data.find((d) => d.attributes.action === "account_locked")!;
    expect(locked.attributes).toMatchObject({ client: null, by_self: false });
    expect(body.meta).toEqual({ pagination: { current: 1, records: 5 } });
    expect(body.links).toEqual({ self: "http://localhost:80/api/v1/activity_events" });
  });

  it("never shows another user's events, nor those about another user that the caller did, nor another tenant's", async () => {
    const body = (await list("?page[size]=100", jane.headers)).json() as TBody;
    for (const id of [...bobs, ...carols]) expect(ids(body)).not.toContain(id);
    const bobRow = await createUser(db(), a.id);
    const empty = (await list("", await signedIn(db(), a, bobRow.id))).json() as TBody;
    expect(empty.data).toEqual([]);
    expect(empty.meta.pagination.records).toBe(0);
    // Jane's token means nothing in another tenant.
    const elsewhere = await list("", { ...jane.headers, "x-tenant": b.slug });
    expect(elsewhere.statusCode).toBe(401);
  });

  it("pages by page[number] and page[size] with meta.pagination and links", async () => {
    const res = await list("?page[size]=2&page[number]=2", jane.headers);
    const body = res.json() as TBody;
    expect(ids(body)).toEqual(newestFirst().slice(2, 4));
    expect(body.meta.pagination).toEqual({
      current: 2,
      first: 1,
      prev: 1,
      next: 3,
      last: 3,
      records: 5,
    });
    expect(body.links.next).toBe(
      "http://localhost:80/api/v1/activity_events?page[number]=3&page[size]=2",
    );
  });

  it("shows 10 a page by default and at most 100 whatever is asked", async () => {
    const user = await createUser(db(), a.id);
    const headers = await signedIn(db(), a, user.id);
    await db()
      .insert(activityEvents)
      .values(
        Array.from({ length: 150 }, (_, i) => ({
          tenantId: a.id,
          userId: user.id,
          actorId: user.id,
          action: "signed_in" as const,
          createdAt: ago(i * MINUTE),
        })),
      );
    const first = (await list("", headers)).json() as TBody;
    expect(first.data).toHaveLength(10);
    expect(first.meta.pagination).toMatchObject({ last: 15, records: 150 });
    const big = (await list("?page[size]=1000", headers)).json() as TBody;
    expect(big.data).toHaveLength(100);
    expect(big.meta.pagination).toMatchObject({ next: 2, last: 2, records: 150 });
  });

  it("sorts oldest first on sort=created_at (ties by id), filters on filter[action_eq] and takes sparse fields", async () => {
    const oldest = (await list("?sort=created_at", jane.headers)).json() as TBody;
    expect(ids(oldest)).toEqual([...newestFirst()].reverse());
    const signIns = (await list("?filter[action_eq]=signed_in", jane.headers)).json() as TBody;
    expect(ids(signIns)).toEqual([janes[1].id, janes[4].id]);
    expect(signIns.meta.pagination.records).toBe(2);
    const sparse = (await list("?fields[activity_event]=action", jane.headers)).json() as TBody;
    expect(sparse.data[0].attributes).toEqual({ action: "signed_in" });
  });

  it("refuses any other filter, sort or include, and an action that does not exist, with a 400 naming it", async () => {
    for (const [query, parameter] of [
      ["?filter[action_in]=signed_in", "filter[action_in]"],
      ["?filter[client_eq]=x", "filter[client_eq]"],
      ["?filter[user_id_eq]=1", "filter[user_id_eq]"],
      ["?filter[action_eq]=deleted", "filter[action_eq]"],
      ["?sort=action", "sort"],
      ["?include=user", "include"],
    ]) {
      const res = await list(query, jane.headers);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0].source, query).toEqual({ parameter });
    }
  });

  it("answers devise's 401 when signed out, and rotates the token like every authenticated route", async () => {
    const anonymous = await list("", { "x-tenant": a.slug });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(DEVISE_401);
    expect(anonymous.headers["access-token"]).toBeUndefined();
    const user = await createUser(db(), a.id);
    const headers = await signedIn(db(), a, user.id);
    const res = await list("", headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers["access-token"]).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(res.headers["access-token"]).not.toBe(headers["access-token"]);
    const next = await list("", { ...headers, ...authOf(res) });
    expect(next.statusCode).toBe(200);
  });

  it("shows what the auth endpoints recorded: a sign-in and a sign-out, newest first", async () => {
    const user = await createUser(db(), a.id);
    const { auth } = await signIn(t.app, a.slug, user.email, user.password, {
      "user-agent": FIREFOX_LINUX,
    });
    clock.advance(MINUTE);
    const second = await signIn(t.app, a.slug, user.email, user.password, {
      "user-agent": SAFARI_IPHONE,
    });
    await inject("DELETE", "/auth/sign_out", { headers: auth });
    const res = await list("", { "x-tenant": a.slug, ...second.auth });
    const body = res.json() as TBody;
    expect(body.data.map((d) => [d.attributes.action, d.attributes.client])).toEqual([
      ["signed_out", null],
      ["signed_in", "Safari op iOS"],
      ["signed_in", "Firefox op Linux"],
    ]);
  });
});

describe("activity_events in the database", () => {
  const refusal = async (write: Promise<unknown>): Promise<string> => {
    try {
      await write;
    } catch (error) {
      const out: string[] = [];
      for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
        out.push(String((e as { message?: unknown }).message));
      }
      return out.join(" / ");
    }
    return "accepted";
  };

  it("row security: the app role sees only its tenant's events and cannot write another tenant's", async () => {
    const inA = await createUser(db(), a.id);
    const inB = await createUser(db(), b.id);
    await createActivityEvent(db(), a.id, inA.id);
    const seen = await withTenant(db(), b.id, (tx) =>
      tx.select({ userId: activityEvents.userId }).from(activityEvents),
    );
    expect(seen.map((row) => row.userId)).not.toContain(inA.id);
    const smuggled = await refusal(
      withTenant(db(), b.id, (tx) =>
        tx.insert(activityEvents).values({ tenantId: a.id, userId: inA.id, action: "signed_in" }),
      ),
    );
    expect(smuggled).toMatch(/row-level security/);
    await withTenant(db(), b.id, (tx) =>
      tx.insert(activityEvents).values({ tenantId: b.id, userId: inB.id, action: "signed_in" }),
    );
    expect(await actionsOf(inB.id)).toEqual(["signed_in"]);
  });

  it("is append-only for the app role: it may not change or delete an event", async () => {
    const user = await createUser(db(), a.id);
    const event = await createActivityEvent(db(), a.id, user.id);
    const update = await refusal(
      withTenant(db(), a.id, (tx) =>
        tx
          .update(activityEvents)
          .set({ action: "signed_out" })
          .where(eq(activityEvents.id, event.id)),
      ),
    );
    expect(update).toMatch(/permission denied/);
    const remove = await refusal(
      withTenant(db(), a.id, (tx) =>
        tx.delete(activityEvents).where(eq(activityEvents.id, event.id)),
      ),
    );
    expect(remove).toMatch(/permission denied/);
    expect(await actionsOf(user.id)).toEqual(["signed_in"]);
  });

  it("goes with its user, and an actor who is deleted leaves the event without an actor, even when the app role deletes", async () => {
    const admin = await createUser(db(), a.id);
    const member = await createUser(db(), a.id);
    await createActivityEvent(db(), a.id, admin.id);
    await createActivityEvent(db(), a.id, member.id, {
      actorId: admin.id,
      action: "account_unlocked",
    });
    await withTenant(db(), a.id, (tx) => tx.delete(users).where(eq(users.id, admin.id)));
    expect(await eventsOf(admin.id)).toEqual([]);
    expect(await eventsOf(member.id)).toEqual([
      expect.objectContaining({ action: "account_unlocked", actorId: null }),
    ]);
  });

  it("refuses an action outside the list and a client that is empty or longer than 120 characters", async () => {
    const user = await createUser(db(), a.id);
    expect(await refusal(createActivityEvent(db(), a.id, user.id, { action: "deleted" }))).toMatch(
      /activity_events_action_check/,
    );
    for (const client of ["", "x".repeat(121)]) {
      expect(await refusal(createActivityEvent(db(), a.id, user.id, { client }))).toMatch(
        /activity_events_client_check/,
      );
    }
    expect(
      await refusal(createActivityEvent(db(), a.id, user.id, { client: "x".repeat(120) })),
    ).toBe("accepted");
  });
});
