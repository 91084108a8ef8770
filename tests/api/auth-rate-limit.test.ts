import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../backend/db/schema";
import { createTestApp, type TestApp } from "./support/app";
import { signIn } from "./support/auth";
import { createTenantWithCenter, createUser } from "./support/factories";

// Small limits so a handful of requests meets them; each test uses its own client IP.
const TOO_MANY = { success: false, errors: ["Too many attempts. Try again later."] };
const WINDOW = 900;
let t: TestApp;
let slug: string;
let tenantId: number;
let ipCount = 0;
const nextIp = () => `198.51.100.${++ipCount}`;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      auth: {
        rateLimits: {
          signInPerIp: { points: 4, durationSeconds: WINDOW },
          signInPerAccount: { points: 3, durationSeconds: WINDOW },
          mailPerIp: { points: 3, durationSeconds: WINDOW },
          mailPerAccount: { points: 2, durationSeconds: WINDOW },
        },
      },
    },
  );
  const { tenant } = await createTenantWithCenter(t.database.db);
  slug = tenant.slug;
  tenantId = tenant.id;
});
afterAll(() => t.close());

function expectTooMany(res: Awaited<ReturnType<typeof t.app.inject>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual(TOO_MANY);
  const retryAfter = Number(res.headers["retry-after"]);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW);
}

describe("sign-in rate limits", () => {
  it("refuses a client IP after too many failed attempts, whatever the account", async () => {
    const ip = { "x-forwarded-for": nextIp() };
    for (let i = 0; i < 4; i++) {
      const { res } = await signIn(t.app, slug, `nobody-${i}@example.test`, "x", ip);
      expect(res.statusCode).toBe(401);
    }
    const user = await createUser(t.database.db, tenantId);
    expectTooMany((await signIn(t.app, slug, user.email, user.password, ip)).res);
    // Another IP is not affected.
    const other = await signIn(t.app, slug, user.email, user.password, {
      "x-forwarded-for": nextIp(),
    });
    expect(other.res.statusCode).toBe(200);
  });

  it("refuses an account after too many failed attempts, from any IP", async () => {
    const user = await createUser(t.database.db, tenantId);
    for (let i = 0; i < 3; i++) {
      await signIn(t.app, slug, user.email, "wrong", { "x-forwarded-for": nextIp() });
    }
    const res = (
      await signIn(t.app, slug, user.email, user.password, { "x-forwarded-for": nextIp() })
    ).res;
    expectTooMany(res);
  });

  it("counts the account per tenant", async () => {
    const other = await createTenantWithCenter(t.database.db);
    const email = `both-${Date.now()}@example.test`;
    await createUser(t.database.db, tenantId, { email });
    const there = await createUser(t.database.db, other.tenant.id, { email });
    for (let i = 0; i < 3; i++) {
      await signIn(t.app, slug, email, "wrong", { "x-forwarded-for": nextIp() });
    }
    const res = await signIn(t.app, other.tenant.slug, email, there.password, {
      "x-forwarded-for": nextIp(),
    });
    expect(res.res.statusCode).toBe(200);
  });

  it("does not count successful sign-ins", async () => {
    const ip = { "x-forwarded-for": nextIp() };
    const user = await createUser(t.database.db, tenantId);
    for (let i = 0; i < 8; i++) {
      expect((await signIn(t.app, slug, user.email, user.password, ip)).res.statusCode).toBe(200);
    }
  });
});

describe("POST /auth/password rate limits", () => {
  const request = (email: string, ip: string) =>
    t.app.inject({
      method: "POST",
      url: "/auth/password",
      headers: { "x-tenant": slug, "x-forwarded-for": ip },
      payload: { email, redirect_url: "http://localhost:3000/auth/reset" },
    });

  it("refuses a client IP after too many requests", async () => {
    const ip = nextIp();
    for (let i = 0; i < 3; i++) {
      expect((await request(`nobody-${i}@example.test`, ip)).statusCode).toBe(404);
    }
    expectTooMany(await request("someone@example.test", ip));
  });

  it("refuses an account after too many mails, from any IP", async () => {
    const user = await createUser(t.database.db, tenantId);
    const before = t.mailer.sent.length;
    for (let i = 0; i < 2; i++) expect((await request(user.email, nextIp())).statusCode).toBe(200);
    expectTooMany(await request(user.email, nextIp()));
    expect(t.mailer.sent.length).toBe(before + 2);
  });
});

describe("POST /auth (sign-up) rate limits", () => {
  const signUp = (email: string, ip: string) =>
    t.app.inject({
      method: "POST",
      url: "/auth",
      headers: { "x-tenant": slug, "x-forwarded-for": ip },
      payload: {
        email,
        password: "Sign-up-pass-7",
        password_confirmation: "Sign-up-pass-7",
        confirm_success_url: "http://localhost:3000/confirm",
        first_name: "Vera",
        last_name: "Limit",
      },
    });

  it("refuses a client IP after too many sign-ups, creating and mailing nothing more", async () => {
    const ip = nextIp();
    const before = t.mailer.sent.length;
    for (let i = 0; i < 3; i++) {
      expect((await signUp(`limited-${ip}-${i}@example.test`, ip)).statusCode).toBe(200);
    }
    const refused = `limited-${ip}-refused@example.test`;
    expectTooMany(await signUp(refused, ip));
    expect(t.mailer.sent.length).toBe(before + 3);
    expect(t.mailer.last(refused)).toBeUndefined();
    expect(await t.database.db.select().from(users).where(eq(users.email, refused))).toEqual([]);
    // Another IP is not affected.
    expect((await signUp(refused, nextIp())).statusCode).toBe(200);
  });
});
