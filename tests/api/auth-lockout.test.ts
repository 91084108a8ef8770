import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../backend/db/schema";
import { createTestApp, type TestApp } from "./support/app";
import { linkIn, NO_RATE_LIMITS, signIn, testClock, userRow } from "./support/auth";
import { createTenant, createUser } from "./support/factories";

const LOCKED = {
  success: false,
  errors: [
    "Your account has been locked due to an excessive number of unsuccessful sign in attempts.",
  ],
};
const BAD_CREDENTIALS = {
  success: false,
  errors: ["Invalid login credentials. Please try again."],
};
const HOUR = 3600_000;
const clock = testClock();
let t: TestApp;
let slug: string;
let tenantId: number;

beforeAll(async () => {
  t = await createTestApp({}, { auth: { now: clock.now, rateLimits: NO_RATE_LIMITS } });
  const tenant = await createTenant(t.database.db, { name: "Vrijwilligers <Oldebroek>" });
  slug = tenant.slug;
  tenantId = tenant.id;
});
afterAll(() => t.close());

async function lockedUser(locale: "nl" | "en" = "nl") {
  const user = await createUser(t.database.db, tenantId, { locale });
  for (let i = 0; i < 5; i++) {
    const { res } = await signIn(t.app, slug, user.email, "wrong-password");
    expect(res.json()).toEqual(BAD_CREDENTIALS);
  }
  return user;
}

describe("lockout (devise lockable)", () => {
  it("locks after 5 failures: the 6th attempt with the right password gets the locked text", async () => {
    const user = await createUser(t.database.db, tenantId);
    for (let i = 1; i <= 4; i++) {
      await signIn(t.app, slug, user.email, "wrong-password");
      expect((await userRow(t.database.db, user.id)).failedAttempts).toBe(i);
    }
    expect((await userRow(t.database.db, user.id)).lockedAt).toBeNull();
    const fifth = await signIn(t.app, slug, user.email, "wrong-password");
    expect(fifth.res.json()).toEqual(BAD_CREDENTIALS);
    expect((await userRow(t.database.db, user.id)).lockedAt).not.toBeNull();
    const sixth = await signIn(t.app, slug, user.email, user.password);
    expect(sixth.res.statusCode).toBe(401);
    expect(sixth.res.json()).toEqual(LOCKED);
  });

  it("resets the count on a successful sign-in", async () => {
    const user = await createUser(t.database.db, tenantId);
    for (let i = 0; i < 4; i++) await signIn(t.app, slug, user.email, "wrong-password");
    expect((await signIn(t.app, slug, user.email, user.password)).res.statusCode).toBe(200);
    expect((await userRow(t.database.db, user.id)).failedAttempts).toBe(0);
    await signIn(t.app, slug, user.email, "wrong-password");
    expect((await signIn(t.app, slug, user.email, user.password)).res.statusCode).toBe(200);
  });

  it("mails unlock instructions in the user's language when locking, with the tenant name escaped", async () => {
    const user = await lockedUser("nl");
    const mail = t.mailer.last(user.email);
    expect(mail?.subject).toBe("Je account bij Vrijwilligers <Oldebroek> is geblokkeerd");
    expect(mail?.tenantId).toBe(tenantId);
    expect(mail?.text).toContain("te veel mislukte pogingen");
    expect(mail?.html).toContain("Vrijwilligers &lt;Oldebroek&gt;");
    expect(mail?.html).not.toContain("<Oldebroek>");
    const english = await lockedUser("en");
    expect(t.mailer.last(english.email)?.subject).toBe(
      "Your Vrijwilligers <Oldebroek> account has been locked",
    );
  });

  it("stores only a digest of the unlock token", async () => {
    const user = await lockedUser();
    const raw = linkIn(t.mailer.last(user.email)!.text).searchParams.get("unlock_token")!;
    const row = await userRow(t.database.db, user.id);
    expect(row.unlockToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row.unlockToken).not.toBe(raw);
  });

  it("unlocks through the mailed link (302 to the site root) and lets the user in again", async () => {
    const user = await lockedUser();
    const link = linkIn(t.mailer.last(user.email)!.text);
    expect(`${link.origin}${link.pathname}`).toBe("http://localhost/api/auth/unlock");
    const res = await t.app.inject({
      method: "GET",
      url: `/auth/unlock${link.search}`,
      headers: { "x-tenant": slug },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/");
    expect(await userRow(t.database.db, user.id)).toMatchObject({
      lockedAt: null,
      failedAttempts: 0,
      unlockToken: null,
    });
    expect((await signIn(t.app, slug, user.email, user.password)).res.statusCode).toBe(200);
    // The link works once.
    const again = await t.app.inject({
      method: "GET",
      url: `/auth/unlock${link.search}`,
      headers: { "x-tenant": slug },
    });
    expect(again.statusCode).toBe(404);
  });

  it("answers an unknown unlock token with a plain 404", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/auth/unlock?unlock_token=nope",
      headers: { "x-tenant": slug },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("text/html");
  });

  it("lifts the lock by itself after an hour", async () => {
    const user = await lockedUser();
    clock.advance(HOUR - 1_000);
    expect((await signIn(t.app, slug, user.email, user.password)).res.json()).toEqual(LOCKED);
    clock.advance(2_000);
    expect((await signIn(t.app, slug, user.email, user.password)).res.statusCode).toBe(200);
    expect((await userRow(t.database.db, user.id)).lockedAt).toBeNull();
  });

  it("counts afresh after an expired lock", async () => {
    const user = await lockedUser();
    clock.advance(HOUR + 1_000);
    await signIn(t.app, slug, user.email, "wrong-password");
    const row = await userRow(t.database.db, user.id);
    expect(row).toMatchObject({ failedAttempts: 1, lockedAt: null });
  });
});

describe("POST /auth/unlock", () => {
  const post = (payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: "/auth/unlock", headers: { "x-tenant": slug }, payload });

  it("mails new instructions to a locked user", async () => {
    const user = await lockedUser();
    const before = t.mailer.sent.length;
    const res = await post({ email: user.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: `An email has been sent to '${user.email}' containing instructions for unlocking your account.`,
    });
    expect(t.mailer.sent.length).toBe(before + 1);
    const link = linkIn(t.mailer.last(user.email)!.text);
    const res2 = await t.app.inject({
      method: "GET",
      url: `/auth/unlock${link.search}`,
      headers: { "x-tenant": slug },
    });
    expect(res2.statusCode).toBe(302);
  });

  it("gives the same answer for an account that is not locked, without mail", async () => {
    const user = await createUser(t.database.db, tenantId);
    const before = t.mailer.sent.length;
    const res = await post({ email: user.email });
    expect(res.statusCode).toBe(200);
    expect(t.mailer.sent.length).toBe(before);
  });

  it("answers 401 without an email and 404 for an unknown one", async () => {
    const missing = await post({});
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({
      success: false,
      errors: ["You must provide an email address."],
    });
    const unknown = await post({ email: "Nobody@Example.test" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      success: false,
      errors: ["Unable to find user with email 'nobody@example.test'."],
    });
  });
});

it("a locked user's existing token keeps working (devise_token_auth checks the lock at sign-in only)", async () => {
  const user = await createUser(t.database.db, tenantId);
  const { auth } = await signIn(t.app, slug, user.email, user.password);
  await t.database.db.update(users).set({ lockedAt: clock.now() }).where(eq(users.id, user.id));
  const res = await t.app.inject({
    method: "GET",
    url: "/auth/validate_token",
    headers: { "x-tenant": slug, ...auth },
  });
  expect(res.statusCode).toBe(200);
});
