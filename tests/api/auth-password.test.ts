import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueToken } from "../../backend/auth/authenticate";
import { users } from "../../backend/db/schema";
import { createTestApp, type TestApp } from "./support/app";
import { authOf, linkIn, NO_RATE_LIMITS, signIn, testClock, userRow } from "./support/auth";
import { createTenant, createUser } from "./support/factories";

const REDIRECT = "http://oldebroek.localhost:3000/auth/reset";
const NEW_PASSWORD = "A-new-password-42";
const clock = testClock();
let t: TestApp;
let slug: string;
let tenantId: number;

beforeAll(async () => {
  t = await createTestApp({}, { auth: { now: clock.now, rateLimits: NO_RATE_LIMITS } });
  const tenant = await createTenant(t.database.db, { name: "Oldebroek" });
  slug = tenant.slug;
  tenantId = tenant.id;
});
afterAll(() => t.close());

const db = () => t.database.db;
const inject = (
  method: "GET" | "POST" | "PUT",
  url: string,
  payload?: Record<string, unknown>,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url, payload, headers: { "x-tenant": slug, ...headers } });
const requestReset = (email: string, redirect_url: string | undefined = REDIRECT) =>
  inject("POST", "/auth/password", { email, redirect_url });

/** Asks for a reset and returns the mailed link's reset token. */
async function mailedToken(email: string): Promise<{ link: URL; token: string }> {
  expect((await requestReset(email)).statusCode).toBe(200);
  const link = linkIn(t.mailer.last(email)!.text);
  return { link, token: link.searchParams.get("reset_password_token")! };
}

describe("POST /auth/password", () => {
  it("mails a link through the web and says so", async () => {
    const user = await createUser(db(), tenantId, { firstName: "Jane" });
    const res = await requestReset(` ${user.email.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: `An email has been sent to '${user.email}' containing instructions for resetting your password.`,
    });
    const mail = t.mailer.last(user.email)!;
    expect(mail.subject).toBe("Nieuw wachtwoord instellen voor Oldebroek");
    expect(mail.text).toContain("Hallo Jane,");
    const link = linkIn(mail.text);
    expect(`${link.origin}${link.pathname}`).toBe(
      "http://oldebroek.localhost:3000/api/auth/password/edit",
    );
    expect([...link.searchParams.keys()]).toEqual([
      "config",
      "redirect_url",
      "reset_password_token",
    ]);
    expect(link.searchParams.get("config")).toBe("default");
    expect(link.searchParams.get("redirect_url")).toBe(REDIRECT);
    // Only a digest is stored.
    const raw = link.searchParams.get("reset_password_token")!;
    const row = await userRow(db(), user.id);
    expect(row.resetPasswordToken).toBe(createHash("sha256").update(raw).digest("base64url"));
    expect(mail.html).toContain(`href="${link.toString().replace(/&/g, "&amp;")}"`);
  });

  it("checks the redirect URL first: missing is 401, a host not allowed is 422", async () => {
    const missing = await inject("POST", "/auth/password", {});
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ success: false, errors: ["Missing redirect URL."] });
    const evil = "https://evil.example.com/reset";
    const refused = await inject("POST", "/auth/password", { redirect_url: evil });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      success: false,
      errors: [`Redirect to '${evil}' not allowed.`],
      status: "error",
      data: null,
    });
  });

  it("allows *.localhost subdomains and refuses look-alikes", async () => {
    const user = await createUser(db(), tenantId);
    expect((await requestReset(user.email, "http://a.b.localhost/x")).statusCode).toBe(200);
    expect((await requestReset(user.email, "http://localhost.evil.test/x")).statusCode).toBe(422);
    expect((await requestReset(user.email, "javascript://localhost/x")).statusCode).toBe(422);
  });

  it("answers 401 without an email and 404 for an unknown one", async () => {
    const missing = await inject("POST", "/auth/password", { redirect_url: REDIRECT });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({
      success: false,
      errors: ["You must provide an email address."],
    });
    const unknown = await requestReset("Nobody@Example.test");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      success: false,
      errors: ["Unable to find user with email 'nobody@example.test'."],
    });
  });

  it("writes the mail in English for an English-speaking user", async () => {
    const user = await createUser(db(), tenantId, { locale: "en" });
    await requestReset(user.email);
    expect(t.mailer.last(user.email)?.subject).toBe("Reset your password for Oldebroek");
  });
});

describe("GET /auth/password/edit", () => {
  it("redirects a valid link to the reset page with only the reset token", async () => {
    const user = await createUser(db(), tenantId, { confirmed: false });
    const { link, token } = await mailedToken(user.email);
    const res = await inject("GET", `/auth/password/edit${link.search}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      `${REDIRECT}?reset_password=true&reset_password_token=${token}`,
    );
    expect(res.headers["access-token"]).toBeUndefined();
    const row = await userRow(db(), user.id);
    expect(row.allowPasswordChange).toBe(true);
    expect(row.confirmedAt).not.toBeNull();
  });

  it("answers 404 with a plain page for an unknown, missing or expired token", async () => {
    const user = await createUser(db(), tenantId);
    const { link } = await mailedToken(user.email);
    const redirect = encodeURIComponent(REDIRECT);
    for (const query of [
      `?redirect_url=${redirect}&reset_password_token=nope`,
      `?redirect_url=${redirect}`,
    ]) {
      const res = await inject("GET", `/auth/password/edit${query}`);
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toContain("text/html");
    }
    clock.advance(6 * 3600_000 + 1_000);
    expect((await inject("GET", `/auth/password/edit${link.search}`)).statusCode).toBe(404);
  });

  it("answers 401 without a redirect URL", async () => {
    const res = await inject("GET", "/auth/password/edit?reset_password_token=x");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, errors: ["Missing redirect URL."] });
  });
});

describe("PUT /auth/password", () => {
  const put = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    inject("PUT", "/auth/password", payload, headers);

  it("sets the password by reset token and signs the user in (full flow from the mail)", async () => {
    const user = await createUser(db(), tenantId);
    const { link } = await mailedToken(user.email);
    const edit = await inject("GET", `/auth/password/edit${link.search}`);
    const token = new URL(String(edit.headers.location)).searchParams.get("reset_password_token")!;
    const res = await put({
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
      reset_password_token: token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: { id: user.id, uid: user.uid, allow_password_change: false },
      message: "Your password has been successfully updated.",
    });
    // Fresh auth headers that work.
    const auth = authOf(res);
    const check = await inject("GET", "/auth/validate_token", undefined, auth);
    expect(check.statusCode).toBe(200);
    // The new password works, the old one does not, the token is spent.
    expect((await signIn(t.app, slug, user.email, NEW_PASSWORD)).res.statusCode).toBe(200);
    expect((await signIn(t.app, slug, user.email, user.password)).res.statusCode).toBe(401);
    const row = await userRow(db(), user.id);
    expect(row).toMatchObject({ resetPasswordToken: null, allowPasswordChange: false });
    const again = await put({
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
      reset_password_token: token,
    });
    expect(again.statusCode).toBe(401);
  });

  it("sets the password of the signed-in user by auth headers, with rotated headers", async () => {
    const user = await createUser(db(), tenantId);
    const auth = await issueToken(db(), tenantId, user.id, { now: clock.now });
    const res = await put({ password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }, auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Your password has been successfully updated.");
    expect(res.headers.client).toBe(auth.client);
    expect(res.headers["access-token"]).not.toBe(auth["access-token"]);
    expect((await signIn(t.app, slug, user.email, NEW_PASSWORD)).res.statusCode).toBe(200);
  });

  it("answers 401 'Unauthorized' with neither headers nor a valid reset token", async () => {
    for (const payload of [
      { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, reset_password_token: "nope" },
    ]) {
      const res = await put(payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, errors: ["Unauthorized"] });
    }
  });

  it("refuses a reset token older than 6 hours", async () => {
    const user = await createUser(db(), tenantId);
    const { token } = await mailedToken(user.email);
    clock.advance(6 * 3600_000 + 1_000);
    const res = await put({
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
      reset_password_token: token,
    });
    expect(res.statusCode).toBe(401);
  });

  it("answers 422 for missing fields, a mismatch and a short password", async () => {
    const user = await createUser(db(), tenantId);
    const { token } = await mailedToken(user.email);
    const missing = await put({ password: NEW_PASSWORD, reset_password_token: token });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      success: false,
      errors: ["You must fill out the fields labeled 'Password' and 'Password confirmation'."],
    });
    const mismatch = await put({
      password: NEW_PASSWORD,
      password_confirmation: "something-else",
      reset_password_token: token,
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json()).toEqual({
      success: false,
      errors: {
        password_confirmation: ["doesn't match Password"],
        full_messages: ["Password confirmation doesn't match Password"],
      },
    });
    const short = await put({
      password: "short",
      password_confirmation: "short",
      reset_password_token: token,
    });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toEqual({
      success: false,
      errors: {
        password: ["is too short (minimum is 8 characters)"],
        full_messages: ["Password is too short (minimum is 8 characters)"],
      },
    });
    // None of these spent the token.
    const ok = await put({
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
      reset_password_token: token,
    });
    expect(ok.statusCode).toBe(200);
  });

  it("unlocks and confirms the account and accepts a pending invitation", async () => {
    const user = await createUser(db(), tenantId, { confirmed: false, status: "invited" });
    await db()
      .update(users)
      .set({ lockedAt: clock.now(), failedAttempts: 5, invitationToken: "digest" })
      .where(eq(users.id, user.id));
    const { token } = await mailedToken(user.email);
    const res = await put({
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
      reset_password_token: token,
    });
    expect(res.statusCode).toBe(200);
    const row = await userRow(db(), user.id);
    expect(row).toMatchObject({
      lockedAt: null,
      failedAttempts: 0,
      status: "active",
      invitationToken: null,
    });
    expect(row.confirmedAt).not.toBeNull();
    expect(row.invitationAcceptedAt).not.toBeNull();
    expect((await signIn(t.app, slug, user.email, NEW_PASSWORD)).res.statusCode).toBe(200);
  });

  it("changes an inactive user's password but issues no token", async () => {
    const user = await createUser(db(), tenantId, { status: "inactive" });
    const { token } = await mailedToken(user.email);
    const res = await put({
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
      reset_password_token: token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["access-token"]).toBeUndefined();
  });
});
