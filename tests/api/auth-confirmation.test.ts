import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app";
import { linkIn, NO_RATE_LIMITS, signIn, testClock, userRow } from "./support/auth";
import { addRole, createOrganization, createTenant, createUser } from "./support/factories";

const clock = testClock();
let t: TestApp;
let slug: string;
let tenantId: number;

beforeAll(async () => {
  t = await createTestApp({}, { auth: { now: clock.now, rateLimits: NO_RATE_LIMITS } });
  const tenant = await createTenant(t.database.db, { name: "Roermond" });
  slug = tenant.slug;
  tenantId = tenant.id;
});
afterAll(() => t.close());

const db = () => t.database.db;
const resend = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/auth/confirmation",
    headers: { "x-tenant": slug, ...headers },
    payload,
  });
const confirm = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/confirm",
    headers: { "x-tenant": slug, "content-type": "application/vnd.api+json" },
    payload: JSON.stringify(payload),
  });

/** Resends the instructions and returns the raw token from the mail. */
async function mailedToken(email: string, headers: Record<string, string> = {}) {
  expect((await resend({ email }, headers)).statusCode).toBe(200);
  const link = linkIn(t.mailer.last(email)!.text);
  return { link, token: link.searchParams.get("confirmation_token")! };
}

describe("POST /auth/confirmation (resend)", () => {
  it("mails a link to the site's /confirm page", async () => {
    const user = await createUser(db(), tenantId, { confirmed: false, locale: "en" });
    const res = await resend({ email: user.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: `An email has been sent to '${user.email}' containing instructions for confirming your account.`,
    });
    const mail = t.mailer.last(user.email)!;
    expect(mail.subject).toBe("Confirm your email address for Roermond");
    const link = linkIn(mail.text);
    expect(`${link.origin}${link.pathname}`).toBe("http://localhost/confirm");
    const raw = link.searchParams.get("confirmation_token")!;
    expect((await userRow(db(), user.id)).confirmationToken).not.toBe(raw);
  });

  it("builds the link on the redirect_url's site, or on the forwarded host of the web", async () => {
    const user = await createUser(db(), tenantId, { confirmed: false });
    await resend({ email: user.email, redirect_url: "https://roermond.localhost/welkom" });
    expect(linkIn(t.mailer.last(user.email)!.text).origin).toBe("https://roermond.localhost");
    const { link } = await mailedToken(user.email, {
      "x-forwarded-host": "oldebroek.localhost:3000",
      "x-forwarded-proto": "https",
    });
    expect(link.origin).toBe("https://oldebroek.localhost:3000");
  });

  it("does not put a host that is not allowed into the mail", async () => {
    const user = await createUser(db(), tenantId, { confirmed: false });
    await resend({ email: user.email }, { "x-forwarded-host": "evil.example.com" });
    expect(t.mailer.last(user.email)!.text).not.toContain("evil.example.com");
    const refused = await resend({ email: user.email, redirect_url: "https://evil.example.com/" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      success: false,
      errors: ["Redirect to 'https://evil.example.com/' not allowed."],
      status: "error",
      data: null,
    });
  });

  it("answers 401 without an email and 404 for an unknown one", async () => {
    const missing = await resend({});
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({
      success: false,
      errors: ["You must provide an email address."],
    });
    const unknown = await resend({ email: "nobody@example.test" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      success: false,
      errors: ["Unable to find user with email 'nobody@example.test'."],
    });
  });
});

describe("POST /api/v1/confirm", () => {
  it("confirms the user with the mailed token and answers with the JSON:API user", async () => {
    const user = await createUser(db(), tenantId, { confirmed: false });
    const organization = await createOrganization(db(), tenantId);
    await addRole(db(), tenantId, user.id, "member", { type: "Organization", id: organization.id });
    const before = await signIn(t.app, slug, user.email, user.password);
    expect(before.res.statusCode).toBe(401);
    const { token } = await mailedToken(user.email);
    const res = await confirm({ confirmation_token: token });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/vnd.api+json");
    const body = res.json();
    expect(body.data).toMatchObject({
      id: String(user.id),
      type: "user",
      attributes: { email: user.email },
    });
    expect(body.data.attributes.confirmed_at).not.toBeNull();
    expect(body.data.relationships.organizations.data).toEqual([
      { id: String(organization.id), type: "organization" },
    ]);
    expect(JSON.stringify(body)).not.toContain("token");
    expect((await signIn(t.app, slug, user.email, user.password)).res.statusCode).toBe(200);
  });

  it("accepts the token under data.attributes too", async () => {
    const user = await createUser(db(), tenantId, { confirmed: false });
    const { token } = await mailedToken(user.email);
    const res = await confirm({
      data: { type: "user", attributes: { confirmation_token: token } },
    });
    expect(res.statusCode).toBe(200);
  });

  it("answers 422 'was already confirmed' for a second use", async () => {
    const user = await createUser(db(), tenantId, { confirmed: false });
    const { token } = await mailedToken(user.email);
    await confirm({ confirmation_token: token });
    const res = await confirm({ confirmation_token: token });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      errors: [
        {
          status: "422",
          source: { pointer: "/data/attributes/email" },
          title: "Unprocessable Entity",
          detail: "Email was already confirmed, please try signing in",
          code: "already_confirmed",
        },
      ],
    });
  });

  it("answers 422 when the token is older than 3 days", async () => {
    const user = await createUser(db(), tenantId, { confirmed: false });
    const { token } = await mailedToken(user.email);
    clock.advance(3 * 24 * 3600_000 + 1_000);
    const res = await confirm({ confirmation_token: token });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({
      code: "confirmation_period_expired",
      detail: "Email needs to be confirmed within 3 days, please request a new one",
    });
    expect((await userRow(db(), user.id)).confirmedAt).toBeNull();
  });

  it("answers 404 for an unknown token and 422 for none", async () => {
    const unknown = await confirm({ confirmation_token: "nope" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      errors: [{ status: "404", source: null, title: "Not Found", detail: null, code: null }],
    });
    const blank = await confirm({});
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors[0]).toMatchObject({
      source: { pointer: "/data/attributes/confirmation_token" },
      code: "blank",
    });
  });

  it("does not confirm a user of another tenant", async () => {
    const other = await createTenant(db());
    const user = await createUser(db(), other.id, { confirmed: false });
    const res = await t.app.inject({
      method: "POST",
      url: "/auth/confirmation",
      headers: { "x-tenant": other.slug },
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(200);
    const token = linkIn(t.mailer.last(user.email)!.text).searchParams.get("confirmation_token")!;
    expect((await confirm({ confirmation_token: token })).statusCode).toBe(404);
  });
});

describe("GET /auth/confirmation", () => {
  it("confirms and redirects with account_confirmation_success=true, or false on failure", async () => {
    const user = await createUser(db(), tenantId, { confirmed: false });
    const { token } = await mailedToken(user.email);
    const redirect = "http://localhost:3000/welcome?x=1";
    const url = (tok: string) =>
      `/auth/confirmation?${new URLSearchParams({ confirmation_token: tok, redirect_url: redirect })}`;
    const ok = await t.app.inject({
      method: "GET",
      url: url(token),
      headers: { "x-tenant": slug },
    });
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe(`${redirect}&account_confirmation_success=true`);
    const bad = await t.app.inject({
      method: "GET",
      url: url("nope"),
      headers: { "x-tenant": slug },
    });
    expect(bad.headers.location).toBe(`${redirect}&account_confirmation_success=false`);
    const none = await t.app.inject({
      method: "GET",
      url: "/auth/confirmation?confirmation_token=nope",
      headers: { "x-tenant": slug },
    });
    expect(none.statusCode).toBe(404);
  });
});
