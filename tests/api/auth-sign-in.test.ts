import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isTokenValid, signInToken } from "../../backend/auth/tokens";
import { tenants, users } from "../../backend/db/schema";
import { createTestApp, type TestApp } from "./support/app";
import { NO_RATE_LIMITS, signIn, testClock, userRow } from "./support/auth";
import {
  addRole,
  createOrganization,
  createTenantWithCenter,
  createUser,
} from "./support/factories";

const BAD_CREDENTIALS = {
  success: false,
  errors: ["Invalid login credentials. Please try again."],
};
const clock = testClock();
let t: TestApp;
let slug: string;
let tenantId: number;
let centerId: number;

beforeAll(async () => {
  t = await createTestApp({}, { auth: { now: clock.now, rateLimits: NO_RATE_LIMITS } });
  const { tenant, center } = await createTenantWithCenter(t.database.db);
  slug = tenant.slug;
  tenantId = tenant.id;
  centerId = center.id;
});
afterAll(() => t.close());

const db = () => t.database.db;
const post = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/auth/sign_in",
    headers: { "x-tenant": slug, ...headers },
    payload: payload as Record<string, unknown>,
  });

describe("POST /auth/sign_in", () => {
  it("answers 200 with devise_token_auth's user body and auth headers", async () => {
    const user = await createUser(db(), tenantId, { firstName: "Jane", lastName: "Doe" });
    const res = await post({ email: user.email, password: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        id: user.id,
        email: user.email,
        provider: "email",
        uid: user.email,
        allow_password_change: false,
        name: "Jane Doe",
        nickname: null,
        image: null,
        first_name: "Jane",
        last_name: "Doe",
        phone: null,
        locale: "nl",
        status: "active",
        volunteer_center_id: null,
      },
    });
    const expiry = Math.floor(clock.now().getTime() / 1000) + 14 * 24 * 3600;
    expect(res.headers["token-type"]).toBe("Bearer");
    expect(res.headers.uid).toBe(user.email);
    expect(res.headers.expiry).toBe(String(expiry));
    expect(res.headers["access-token"]).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(res.headers.client).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const bearer = String(res.headers.authorization).replace(/^Bearer /, "");
    expect(JSON.parse(Buffer.from(bearer, "base64").toString("utf8"))).toEqual({
      "access-token": res.headers["access-token"],
      "token-type": "Bearer",
      client: res.headers.client,
      expiry: String(expiry),
      uid: user.email,
    });
  });

  it("stores SHA-256 digests of the two sign-in tokens, never the raw token", async () => {
    const user = await createUser(db(), tenantId);
    const { res } = await signIn(t.app, slug, user.email, user.password);
    const raw = String(res.headers["access-token"]);
    const row = await userRow(db(), user.id);
    const entry = row.tokens[String(res.headers.client)];
    expect(entry.token).toBe(createHash("sha256").update(raw).digest("base64url"));
    expect(entry.previousToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(row.tokens)).not.toContain(raw);
  });

  it("keeps passwords as argon2id digests, and signs in against them", async () => {
    const user = await createUser(db(), tenantId, { password: "An0ther-secret" });
    const row = await userRow(db(), user.id);
    expect(row.encryptedPassword).toMatch(/^\$argon2id\$v=19\$/);
    expect(row.encryptedPassword).not.toContain("An0ther-secret");
    expect((await signIn(t.app, slug, user.email, "An0ther-secret")).res.statusCode).toBe(200);
  });

  it("downcases and strips the email", async () => {
    const user = await createUser(db(), tenantId);
    const res = await post({ email: `  ${user.email.toUpperCase()} `, password: user.password });
    expect(res.statusCode).toBe(200);
  });

  it("updates the trackable columns and resets failed attempts", async () => {
    const user = await createUser(db(), tenantId);
    await db().update(users).set({ failedAttempts: 3 }).where(eq(users.id, user.id));
    await post(
      { email: user.email, password: user.password },
      { "x-forwarded-for": "203.0.113.7" },
    );
    const first = await userRow(db(), user.id);
    expect(first).toMatchObject({
      signInCount: 1,
      currentSignInIp: "203.0.113.7",
      lastSignInIp: "203.0.113.7",
      failedAttempts: 0,
    });
    expect(first.currentSignInAt?.getTime()).toBe(clock.now().getTime());
    await post(
      { email: user.email, password: user.password },
      { "x-forwarded-for": "203.0.113.8" },
    );
    const second = await userRow(db(), user.id);
    expect(second).toMatchObject({
      signInCount: 2,
      currentSignInIp: "203.0.113.8",
      lastSignInIp: "203.0.113.7",
    });
  });

  it("refuses an unknown email, a wrong password and a missing password alike", async () => {
    const user = await createUser(db(), tenantId);
    for (const payload of [
      { email: "nobody@example.test", password: "whatever-123" },
      { email: user.email, password: "wrong-password" },
      { email: user.email },
      {},
    ]) {
      const res = await post(payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(BAD_CREDENTIALS);
      expect(res.headers["access-token"]).toBeUndefined();
    }
  });

  it("tells an unconfirmed user so before looking at the password", async () => {
    const user = await createUser(db(), tenantId, { confirmed: false });
    const res = await post({ email: user.email, password: "not-the-password" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      success: false,
      errors: [
        `A confirmation email was sent to your account at '${user.email}'. You must follow the instructions in the email before your account can be activated`,
      ],
    });
    expect((await userRow(db(), user.id)).failedAttempts).toBe(0);
  });

  it("tells a locked user the account is locked", async () => {
    const user = await createUser(db(), tenantId);
    await db()
      .update(users)
      .set({ lockedAt: clock.now(), failedAttempts: 5 })
      .where(eq(users.id, user.id));
    const res = await post({ email: user.email, password: user.password });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      success: false,
      errors: [
        "Your account has been locked due to an excessive number of unsuccessful sign in attempts.",
      ],
    });
  });

  it("gives a pending invitee the bad-credentials answer", async () => {
    const user = await createUser(db(), tenantId, { status: "invited" });
    const res = await post({ email: user.email, password: user.password });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(BAD_CREDENTIALS);
  });

  it("refuses inactive and archived users once the password is right", async () => {
    for (const status of ["inactive", "archived"] as const) {
      const user = await createUser(db(), tenantId, { status });
      const wrong = await post({ email: user.email, password: "not-the-password" });
      expect(wrong.json()).toEqual(BAD_CREDENTIALS);
      const res = await post({ email: user.email, password: user.password });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, errors: ["Your account is not active."] });
      expect(res.headers["access-token"]).toBeUndefined();
    }
  });

  it("lets inactive users in on a tenant that allows them (spec §1 override), archived ones never", async () => {
    const other = await createTenantWithCenter(db());
    await db()
      .update(tenants)
      .set({ settings: { allowInactiveUsers: true } })
      .where(eq(tenants.id, other.tenant.id));
    const asOther = (email: string, password: string) =>
      post({ email, password }, { "x-tenant": other.tenant.slug });
    const inactive = await createUser(db(), other.tenant.id, {
      status: "inactive",
      volunteerCenterId: other.center.id,
    });
    const signedIn = await asOther(inactive.email, inactive.password);
    expect(signedIn.statusCode).toBe(200);
    // Its token then works on an authenticated endpoint too.
    const me = await t.app.inject({
      method: "GET",
      url: "/api/v1/current_user",
      headers: {
        "x-tenant": other.tenant.slug,
        "access-token": String(signedIn.headers["access-token"]),
        client: String(signedIn.headers.client),
        uid: String(signedIn.headers.uid),
      },
    });
    expect(me.statusCode).toBe(200);
    const archived = await createUser(db(), other.tenant.id, {
      status: "archived",
      volunteerCenterId: other.center.id,
    });
    expect((await asOther(archived.email, archived.password)).statusCode).toBe(401);
  });

  it("lets a user of the site's centre in and refuses one of another centre with 'wrong center'", async () => {
    const other = await createOrganization(db(), tenantId, { type: "VolunteerCenter" });
    const own = await createUser(db(), tenantId, { volunteerCenterId: centerId });
    const foreign = await createUser(db(), tenantId, { volunteerCenterId: other.id });
    expect((await post({ email: own.email, password: own.password })).statusCode).toBe(200);
    const res = await post({ email: foreign.email, password: foreign.password });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, errors: ["wrong center"] });
    // On the other centre's site (Volunteer-Center-Id) the same user gets in.
    const there = await post(
      { email: foreign.email, password: foreign.password },
      { "volunteer-center-id": String(other.id) },
    );
    expect(there.statusCode).toBe(200);
  });

  it("checks the centre only after the password, so a wrong password says nothing about it", async () => {
    const other = await createOrganization(db(), tenantId, { type: "VolunteerCenter" });
    const foreign = await createUser(db(), tenantId, { volunteerCenterId: other.id });
    const res = await post({ email: foreign.email, password: "not-the-password" });
    expect(res.json()).toEqual(BAD_CREDENTIALS);
  });

  it("lets a superadmin of another centre in", async () => {
    const other = await createOrganization(db(), tenantId, { type: "VolunteerCenter" });
    const admin = await createUser(db(), tenantId, { volunteerCenterId: other.id });
    await addRole(db(), tenantId, admin.id, "superadmin");
    expect((await post({ email: admin.email, password: admin.password })).statusCode).toBe(200);
  });

  it("keeps tenants apart: the same email in two tenants signs in only with each tenant's password", async () => {
    const second = await createTenantWithCenter(db());
    const email = `shared-${Date.now()}@example.test`;
    const here = await createUser(db(), tenantId, { email, password: "password-of-here-1" });
    const there = await createUser(db(), second.tenant.id, {
      email,
      password: "password-of-there-1",
    });
    const ok = await signIn(t.app, slug, email, here.password);
    expect(ok.res.statusCode).toBe(200);
    expect(ok.res.json().data.id).toBe(here.id);
    const crossed = await signIn(t.app, slug, email, there.password);
    expect(crossed.res.json()).toEqual(BAD_CREDENTIALS);
    const otherOk = await signIn(t.app, second.tenant.slug, email, there.password);
    expect(otherOk.res.json().data.id).toBe(there.id);
    const otherCrossed = await signIn(t.app, second.tenant.slug, email, here.password);
    expect(otherCrossed.res.json()).toEqual(BAD_CREDENTIALS);
    // A token of one tenant is no token in the other.
    const res = await t.app.inject({
      method: "GET",
      url: "/auth/validate_token",
      headers: { "x-tenant": second.tenant.slug, ...ok.auth },
    });
    expect(res.statusCode).toBe(401);
  });

  it("answers GET /auth/sign_in with 405", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/auth/sign_in",
      headers: { "x-tenant": slug },
    });
    expect(res.statusCode).toBe(405);
    expect(res.json()).toEqual({
      success: false,
      errors: ["Use POST /sign_in to sign in. GET is not supported."],
    });
  });

  it("makes both the created and the rotated sign-in token valid", () => {
    const now = clock.now();
    const settings = { lifespanSeconds: 3600, maxDevices: 10 };
    const issued = signInToken({}, now, settings);
    const entry = issued.tokens[issued.client];
    expect(isTokenValid(entry, issued.firstToken, now, 5000)).toBe(true);
    expect(isTokenValid(entry, issued.token, now, 5000)).toBe(true);
    expect(issued.firstToken).not.toBe(issued.token);
  });

  it("authenticates the next request with the headers it returned", async () => {
    const user = await createUser(db(), tenantId);
    const { auth } = await signIn(t.app, slug, user.email, user.password);
    const res = await t.app.inject({
      method: "GET",
      url: "/auth/validate_token",
      headers: { "x-tenant": slug, ...auth },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(user.id);
  });
});
