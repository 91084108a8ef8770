import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../../backend/auth/password";
import { rolesOf } from "../../backend/auth/roles";
import { auditEvents, tenants, users } from "../../backend/db/schema";
import { createTestApp, type TestApp } from "./support/app";
import { linkIn, NO_RATE_LIMITS, signIn, userRow } from "./support/auth";
import { createOrganization, createTenantWithCenter, createUser } from "./support/factories";

// POST /auth: a volunteer signs up (api-contract §1.4, docs/api-registration-invitations.md).

const CONFIRM_URL = "http://localhost:3000/confirm";
const PASSWORD = "Sign-up-pass-7";
let t: TestApp;
let a: Awaited<ReturnType<typeof createTenantWithCenter>>;
let b: Awaited<ReturnType<typeof createTenantWithCenter>>;
let second: { id: number };
let n = 0;

beforeAll(async () => {
  t = await createTestApp({}, { auth: { rateLimits: NO_RATE_LIMITS } });
  const db = t.database.db;
  a = await createTenantWithCenter(db);
  await db.update(tenants).set({ name: "Oldebroek" }).where(eq(tenants.id, a.tenant.id));
  b = await createTenantWithCenter(db);
  second = await createOrganization(db, a.tenant.id, { type: "VolunteerCenter" });
});
afterAll(() => t.close());

const db = () => t.database.db;
const uniqueEmail = () => `volunteer-${Date.now()}-${++n}@example.test`;
const signUp = (payload?: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/auth",
    headers: { "x-tenant": a.tenant.slug, ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
const valid = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail(),
  password: PASSWORD,
  password_confirmation: PASSWORD,
  confirm_success_url: CONFIRM_URL,
  first_name: "Vera",
  last_name: "Vrijwilliger",
  ...overrides,
});
const userCount = async () => (await db().select({ n: count() }).from(users))[0].n;
const auditCount = async () => (await db().select({ n: count() }).from(auditEvents))[0].n;
const byEmail = async (email: string) =>
  (await db().select().from(users).where(eq(users.email, email)))[0];

/** What devise_token_auth renders for the record it could not save. */
const unsaved = (p: Record<string, unknown>, centreId: number) => ({
  id: null,
  email: p.email,
  provider: "email",
  uid: p.email,
  allow_password_change: false,
  name: "Vera Vrijwilliger",
  nickname: null,
  image: null,
  first_name: "Vera",
  last_name: "Vrijwilliger",
  phone: null,
  locale: "nl",
  status: "active",
  volunteer_center_id: centreId,
  created_at: null,
  updated_at: null,
});

describe("POST /auth — signing up", () => {
  it("creates an unconfirmed volunteer of the site's centre and answers 200 without auth headers", async () => {
    const payload = valid({ email: `  ${uniqueEmail().toUpperCase()} ` });
    const email = String(payload.email).trim().toLowerCase();
    const before = await auditCount();
    const res = await signUp(payload);
    expect(res.statusCode).toBe(200);
    expect(res.headers["access-token"]).toBeUndefined();
    expect(res.headers.client).toBeUndefined();
    const row = await byEmail(email);
    expect(res.json()).toEqual({
      status: "success",
      data: {
        id: row.id,
        email,
        provider: "email",
        uid: email,
        allow_password_change: false,
        name: "Vera Vrijwilliger",
        nickname: null,
        image: null,
        first_name: "Vera",
        last_name: "Vrijwilliger",
        phone: null,
        locale: "nl",
        status: "active",
        volunteer_center_id: a.center.id,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
      },
    });
    expect(row).toMatchObject({
      tenantId: a.tenant.id,
      status: "active",
      confirmedAt: null,
      volunteerCenterId: a.center.id,
      invitationToken: null,
    });
    expect(await verifyPassword(row.encryptedPassword, PASSWORD)).toBe(true);
    const held = await rolesOf(db(), a.tenant.id, row.id);
    expect(held.map((r) => [r.name, r.resourceType, r.resourceId])).toEqual([
      ["volunteer", null, null],
    ]);
    // Not an administrative action: nothing in the audit log.
    expect(await auditCount()).toBe(before);
  });

  it("mails the confirmation in Dutch with a link to the site's /confirm page, which confirms", async () => {
    const payload = valid();
    expect((await signUp(payload)).statusCode).toBe(200);
    const mail = t.mailer.last(String(payload.email))!;
    expect(mail.tenantId).toBe(a.tenant.id);
    expect(mail.subject).toBe("Bevestig je e-mailadres voor Oldebroek");
    expect(mail.text).toContain("Hallo Vera,");
    const link = linkIn(mail.text);
    expect(`${link.origin}${link.pathname}`).toBe("http://localhost/confirm");
    // Before confirming, signing in is refused with devise's unconfirmed text.
    const early = await signIn(t.app, a.tenant.slug, String(payload.email), PASSWORD);
    expect(early.res.statusCode).toBe(401);
    expect(early.res.json().errors[0]).toMatch(/^A confirmation email was sent/);
    const confirmed = await t.app.inject({
      method: "POST",
      url: "/api/v1/confirm",
      headers: { "x-tenant": a.tenant.slug },
      payload: { confirmation_token: link.searchParams.get("confirmation_token") },
    });
    expect(confirmed.statusCode).toBe(200);
    const signedIn = await signIn(t.app, a.tenant.slug, String(payload.email), PASSWORD);
    expect(signedIn.res.statusCode).toBe(200);
    expect(signedIn.res.headers["access-token"]).toBeTruthy();
  });

  it("mails in English when the volunteer chose English, on the forwarded site", async () => {
    const payload = valid({ locale: "en", first_name: "Jane" });
    const res = await signUp(payload, {
      "x-forwarded-host": "oldebroek.localhost:3000",
      "x-forwarded-proto": "http",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.locale).toBe("en");
    const mail = t.mailer.last(String(payload.email))!;
    expect(mail.subject).toBe("Confirm your email address for Oldebroek");
    expect(mail.text).toContain("Hello Jane,");
    const link = linkIn(mail.text);
    expect(`${link.origin}${link.pathname}`).toBe("http://oldebroek.localhost:3000/confirm");
  });

  it("registers with the centre the request names (Volunteer-Center-Id)", async () => {
    const payload = valid();
    const res = await signUp(payload, { "volunteer-center-id": String(second.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.volunteer_center_id).toBe(second.id);
    expect((await byEmail(String(payload.email))).volunteerCenterId).toBe(second.id);
  });

  it("allows an address that is only taken in another tenant", async () => {
    const email = uniqueEmail();
    await createUser(db(), b.tenant.id, { email });
    const res = await signUp(valid({ email }));
    expect(res.statusCode).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, res.json().data.id));
    expect(row).toMatchObject({ tenantId: a.tenant.id, email });
  });
});

describe("POST /auth — devise_token_auth's refusals, each changing nothing", () => {
  it("answers an empty body with 'Please submit proper sign up data'", async () => {
    const before = await userCount();
    for (const payload of [undefined, {}, { confirm_success_url: CONFIRM_URL }]) {
      const res = await signUp(payload);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        success: false,
        errors: ["Please submit proper sign up data in request body."],
        status: "error",
      });
    }
    expect(await userCount()).toBe(before);
  });

  it("answers a missing confirm_success_url with the record it did not save", async () => {
    const before = await userCount();
    const mails = t.mailer.sent.length;
    const { confirm_success_url: _, ...payload } = valid();
    const res = await signUp(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      success: false,
      errors: ["Missing 'confirm_success_url' parameter."],
      status: "error",
      data: unsaved(payload, a.center.id),
    });
    expect(await userCount()).toBe(before);
    expect(t.mailer.sent.length).toBe(mails);
  });

  it("refuses a confirm_success_url on a host that is not allowed", async () => {
    const before = await userCount();
    for (const url of ["https://evil.example.com/confirm", "javascript:alert(1)", ""]) {
      const payload = valid({ confirm_success_url: url });
      const res = await signUp(payload);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        success: false,
        errors: [`Redirect to '${url}' not allowed.`],
        status: "error",
        data: unsaved(payload, a.center.id),
      });
    }
    expect(await userCount()).toBe(before);
  });

  it("says an address of the tenant is taken, whatever the account's status or the case", async () => {
    const existing = [
      await createUser(db(), a.tenant.id),
      await createUser(db(), a.tenant.id, { status: "invited", confirmed: false }),
      await createUser(db(), a.tenant.id, { status: "archived" }),
      await createUser(db(), a.tenant.id, { confirmed: false }),
    ];
    const before = await userCount();
    const mails = t.mailer.sent.length;
    for (const user of existing) {
      const payload = valid({ email: user.email.toUpperCase() });
      const res = await signUp(payload);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        status: "error",
        data: unsaved({ email: user.email }, a.center.id),
        errors: {
          email: ["has already been taken"],
          full_messages: ["Email has already been taken"],
        },
      });
    }
    expect(await userCount()).toBe(before);
    // The accounts that hold the addresses are left as they were.
    for (const user of existing) {
      const { password: _, ...row } = user;
      expect(await userRow(db(), user.id)).toEqual(row);
    }
    expect(t.mailer.sent.length).toBe(mails);
  });

  it("checks the address, the password and the names, in devise's words", async () => {
    const before = await userCount();
    const res = await signUp(
      valid({
        email: "not-an-address",
        password: "short",
        password_confirmation: "other",
        first_name: " ",
        last_name: "x".repeat(101),
        locale: "de",
      }),
    );
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.status).toBe("error");
    expect(body.errors).toEqual({
      email: ["is not an email"],
      password_confirmation: ["doesn't match Password"],
      password: ["is too short (minimum is 8 characters)"],
      first_name: ["can't be blank"],
      last_name: ["is too long (maximum is 100 characters)"],
      locale: ["is not included in the list"],
      full_messages: [
        "Email is not an email",
        "Password confirmation doesn't match Password",
        "Password is too short (minimum is 8 characters)",
        "First name can't be blank",
        "Last name is too long (maximum is 100 characters)",
        "Locale is not included in the list",
      ],
    });
    const blank = await signUp({ email: "", password: "", confirm_success_url: CONFIRM_URL });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.full_messages).toEqual([
      "Email can't be blank",
      "Password can't be blank",
      "First name can't be blank",
      "Last name can't be blank",
    ]);
    expect(await userCount()).toBe(before);
  });

  it("checks the confirmation only when it is sent, as Rails does", async () => {
    const { password_confirmation: _, ...payload } = valid();
    expect((await signUp(payload)).statusCode).toBe(200);
  });
});
