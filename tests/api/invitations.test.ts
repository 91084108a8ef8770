import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../../backend/auth/password";
import { rolesOf } from "../../backend/auth/roles";
import { tokenDigest } from "../../backend/auth/tokens";
import { activityEvents, auditEvents, tenants, users } from "../../backend/db/schema";
import { seed } from "../../backend/db/seed";
import { seedEmail, seedRawToken } from "../../backend/db/seed/users";
import { createTestApp, type TestApp } from "./support/app";
import { authOf, linkIn, NO_RATE_LIMITS, signIn, userRow } from "./support/auth";
import {
  addRole,
  createOrganization,
  createTenantWithCenter,
  createUser,
} from "./support/factories";
import { createDesk, signedIn } from "./support/resources";

// POST /api/v1/users (invite), GET/PUT /auth/invitation (accept), and the resend of an
// invitation (docs/api-registration-invitations.md).

type TSetup = Awaited<ReturnType<typeof createTenantWithCenter>>;
type TPerson = { id: number; email: string; headers: Record<string, string> };
let t: TestApp;
let a: TSetup;
let b: TSetup;
/** Tenant a: centre C (a.center) with organization O and a desk; centre D with organization P. */
let O: { id: number; name: string };
let D: { id: number; name: string };
let P: { id: number; name: string };
let desk: { id: number; azcName: string };
let bOrg: { id: number };
let bDesk: { id: number };
let super_: TPerson;
let centreAdmin: TPerson;
let orgAdmin: TPerson;
let dAdmin: TPerson;
let member: TPerson;
let volunteer: TPerson;
let deskManager: TPerson;
let bSuper: TPerson;
let n = 0;

const PASSWORD = "Invitee-pass-42";
const NOT_FOUND = { success: false, errors: ["Invitation token is invalid or has expired."] };

async function person(setup: TSetup, attrs: Parameters<typeof createUser>[2] = {}) {
  const row = await createUser(t.database.db, setup.tenant.id, attrs);
  return {
    id: row.id,
    email: row.email,
    headers: await signedIn(t.database.db, setup.tenant, row.id),
  };
}

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" }, { auth: { rateLimits: NO_RATE_LIMITS } });
  const db = t.database.db;
  a = await createTenantWithCenter(db);
  await db.update(tenants).set({ name: "Roermond" }).where(eq(tenants.id, a.tenant.id));
  b = await createTenantWithCenter(db);
  const ta = a.tenant.id;
  O = await createOrganization(db, ta, { volunteerCenterId: a.center.id, name: "Buurthuis O" });
  D = await createOrganization(db, ta, { type: "VolunteerCenter", name: "Centre D" });
  P = await createOrganization(db, ta, { volunteerCenterId: D.id, name: "Org P" });
  desk = await createDesk(db, ta, { volunteerCenterId: a.center.id, azcName: "AZC Echt" });
  bOrg = await createOrganization(db, b.tenant.id, { volunteerCenterId: b.center.id });
  bDesk = await createDesk(db, b.tenant.id, { volunteerCenterId: b.center.id });
  super_ = await person(a);
  await addRole(db, ta, super_.id, "superadmin");
  centreAdmin = await person(a, { firstName: "Carla", lastName: "Centre" });
  await addRole(db, ta, centreAdmin.id, "admin", { type: "Organization", id: a.center.id });
  orgAdmin = await person(a, { firstName: "Olga", lastName: "Admin" });
  await addRole(db, ta, orgAdmin.id, "admin", { type: "Organization", id: O.id });
  dAdmin = await person(a);
  await addRole(db, ta, dAdmin.id, "admin", { type: "Organization", id: D.id });
  member = await person(a);
  await addRole(db, ta, member.id, "member", { type: "Organization", id: O.id });
  volunteer = await person(a, { volunteerCenterId: a.center.id });
  await addRole(db, ta, volunteer.id, "volunteer");
  deskManager = await person(a);
  await addRole(db, ta, deskManager.id, "desk_manager", { type: "Desk", id: desk.id });
  bSuper = await person(b);
  await addRole(db, b.tenant.id, bSuper.id, "superadmin");
});
afterAll(() => t.close());

const db = () => t.database.db;
const uniqueEmail = () => `invitee-${Date.now()}-${++n}@example.test`;
const attributes = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail(),
  first_name: "Ina",
  last_name: "Invitee",
  role: "member",
  resource_type: "Organization",
  resource_id: O.id,
  ...overrides,
});
const invite = (headers: Record<string, string>, attrs: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/users",
    headers: { ...headers, "content-type": "application/vnd.api+json" },
    payload: JSON.stringify({ data: { type: "user", attributes: attrs } }),
  });
const auth = (
  method: "GET" | "PUT",
  payload: Record<string, unknown>,
  tenant: string = a.tenant.slug,
) =>
  method === "GET"
    ? t.app.inject({
        method,
        url: `/auth/invitation?${new URLSearchParams(payload as Record<string, string>)}`,
        headers: { "x-tenant": tenant },
      })
    : t.app.inject({ method, url: "/auth/invitation", headers: { "x-tenant": tenant }, payload });
const byEmail = async (email: string) =>
  (await db().select().from(users).where(eq(users.email, email)))[0];
const userCount = async () => (await db().select({ n: count() }).from(users))[0].n;
const auditCount = async () => (await db().select({ n: count() }).from(auditEvents))[0].n;
const auditOf = (userId: number) =>
  db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectType, "User"), eq(auditEvents.subjectId, userId)));

/** Invites someone as a centre admin and returns the row and the raw token of the mail. */
async function invited(overrides: Record<string, unknown> = {}, by: TPerson = centreAdmin) {
  const attrs = attributes(overrides);
  const res = await invite(by.headers, attrs);
  expect(res.statusCode).toBe(201);
  const email = String(attrs.email);
  const link = linkIn(t.mailer.last(email)!.text);
  return {
    res,
    email,
    row: await byEmail(email),
    token: link.searchParams.get("invitation_token")!,
  };
}

describe("POST /api/v1/users — inviting", () => {
  it("invites a member of an organization: 201 with the role, an invited account, a Dutch mail", async () => {
    const attrs = attributes({ email: `  ${uniqueEmail().toUpperCase()}` });
    const email = String(attrs.email).trim().toLowerCase();
    const res = await invite(centreAdmin.headers, attrs);
    expect(res.statusCode).toBe(201);
    expect(res.headers["content-type"]).toMatch(/^application\/vnd\.api\+json/);
    const body = res.json();
    const row = await byEmail(email);
    expect(body.data).toMatchObject({
      id: String(row.id),
      type: "user",
      attributes: { email, first_name: "Ina", last_name: "Invitee", status: "invited" },
    });
    expect(body.included).toEqual([
      expect.objectContaining({
        type: "role",
        attributes: { name: "member", resource_type: "Organization", resource_id: O.id },
      }),
    ]);
    expect(row).toMatchObject({
      tenantId: a.tenant.id,
      status: "invited",
      encryptedPassword: null,
      confirmedAt: null,
      locale: "nl",
      invitedById: centreAdmin.id,
      volunteerCenterId: a.center.id,
      invitationAcceptedAt: null,
    });
    expect(row.invitationSentAt).not.toBeNull();

    const mail = t.mailer.last(email)!;
    expect(mail.tenantId).toBe(a.tenant.id);
    expect(mail.subject).toBe("Je bent uitgenodigd voor Roermond");
    expect(mail.text).toContain("Hallo Ina,");
    expect(mail.text).toContain(
      "Carla Centre heeft je uitgenodigd voor Roermond als medewerker van Buurthuis O.",
    );
    expect(mail.text).toContain("De link is 14 dagen geldig.");
    const link = linkIn(mail.text);
    expect(`${link.origin}${link.pathname}`).toBe("http://localhost/auth/invitation");
    // Only the digest of the mailed token is stored.
    const raw = link.searchParams.get("invitation_token")!;
    expect(row.invitationToken).toBe(tokenDigest(raw));
    expect(mail.html).toContain(`href="${link.toString()}"`);
  });

  it("records user_invited with the role, by the inviter, for the user's centre", async () => {
    const { row } = await invited();
    const entries = await auditOf(row.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      tenantId: a.tenant.id,
      actorId: centreAdmin.id,
      action: "user_invited",
      subjectLabel: row.email,
      volunteerCenterId: a.center.id,
      details: { role: "member", resource_type: "Organization", resource_id: O.id },
    });
  });

  it("writes the mail in English for a desk manager, on the forwarded site, registered with the desk's centre", async () => {
    const attrs = attributes({
      role: "desk_manager",
      resource_type: "Desk",
      resource_id: desk.id,
      locale: "en",
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/users",
      headers: {
        ...centreAdmin.headers,
        "content-type": "application/vnd.api+json",
        "x-forwarded-host": "roermond.localhost:3000",
        "x-forwarded-proto": "http",
      },
      payload: JSON.stringify({ data: { type: "users", attributes: attrs } }),
    });
    expect(res.statusCode).toBe(201);
    const email = String(attrs.email);
    const mail = t.mailer.last(email)!;
    expect(mail.subject).toBe("You have been invited to Roermond");
    expect(mail.text).toContain("Hello Ina,");
    expect(mail.text).toContain(
      "Carla Centre has invited you to Roermond as desk manager of AZC Echt.",
    );
    expect(mail.text).toContain("The link is valid for 14 days.");
    const link = linkIn(mail.text);
    expect(`${link.origin}${link.pathname}`).toBe("http://roermond.localhost:3000/auth/invitation");
    const row = await byEmail(email);
    expect(row).toMatchObject({ locale: "en", volunteerCenterId: a.center.id });
    const held = await rolesOf(db(), a.tenant.id, row.id);
    expect(held.map((r) => [r.name, r.resourceType, r.resourceId])).toEqual([
      ["desk_manager", "Desk", desk.id],
    ]);
  });

  it("registers an admin of a centre with that centre", async () => {
    const { row } = await invited({ role: "admin", resource_id: D.id }, super_);
    expect(row.volunteerCenterId).toBe(D.id);
    expect((await auditOf(row.id))[0].volunteerCenterId).toBe(D.id);
  });

  it("lets exactly those invite who may grant the role (users.invite)", async () => {
    const cases: [TPerson, Record<string, unknown>, number][] = [
      [orgAdmin, { role: "member" }, 201],
      [orgAdmin, { role: "admin" }, 201],
      [orgAdmin, { role: "member", resource_id: P.id }, 403],
      [orgAdmin, { role: "desk_manager", resource_type: "Desk", resource_id: desk.id }, 403],
      [orgAdmin, { role: "admin", resource_id: a.center.id }, 403],
      [centreAdmin, { role: "admin", resource_id: a.center.id }, 201],
      [centreAdmin, { role: "member", resource_id: P.id }, 403],
      [dAdmin, { role: "member" }, 403],
      [dAdmin, { role: "member", resource_id: P.id }, 201],
      [member, { role: "member" }, 403],
      [volunteer, { role: "member" }, 403],
      [deskManager, { role: "desk_manager", resource_type: "Desk", resource_id: desk.id }, 403],
      [super_, { role: "desk_manager", resource_type: "Desk", resource_id: desk.id }, 201],
    ];
    for (const [who, overrides, status] of cases) {
      const attrs = attributes(overrides);
      const before = t.mailer.sent.length;
      const res = await invite(who.headers, attrs);
      expect(res.statusCode, JSON.stringify(overrides)).toBe(status);
      expect(t.mailer.sent.length).toBe(before + (status === 201 ? 1 : 0));
      expect(Boolean(await byEmail(String(attrs.email)))).toBe(status === 201);
    }
  });

  it("is devise's 401 signed out", async () => {
    const res = await invite({ "x-tenant": a.tenant.slug }, attributes());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      errors: ["You need to sign in or sign up before continuing."],
    });
  });

  it("is a 422 'taken' for an address of the tenant, whatever its status, creating and mailing nothing", async () => {
    const existing = [
      await createUser(db(), a.tenant.id),
      await createUser(db(), a.tenant.id, { status: "archived" }),
      await createUser(db(), a.tenant.id, { status: "invited", confirmed: false }),
    ];
    const users0 = await userCount();
    const audits = await auditCount();
    const mails = t.mailer.sent.length;
    for (const user of existing) {
      const res = await invite(
        centreAdmin.headers,
        attributes({ email: user.email.toUpperCase() }),
      );
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        errors: [
          {
            status: "422",
            source: { pointer: "/data/attributes/email" },
            title: "Unprocessable Entity",
            detail: "Email has already been taken",
            code: "taken",
          },
        ],
      });
      expect(await rolesOf(db(), a.tenant.id, user.id)).toEqual([]);
    }
    expect(await userCount()).toBe(users0);
    expect(await auditCount()).toBe(audits);
    expect(t.mailer.sent.length).toBe(mails);
  });

  it("answers someone who may not invite with 403, not with whether the address exists", async () => {
    const res = await invite(volunteer.headers, attributes({ email: member.email }));
    expect(res.statusCode).toBe(403);
  });

  it("is a 422 on the attribute for an invalid body, creating nothing", async () => {
    const users0 = await userCount();
    const mails = t.mailer.sent.length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: "" }, "/data/attributes/email", "blank"],
      [{ email: "no-at-sign" }, "/data/attributes/email", "invalid"],
      [{ first_name: " " }, "/data/attributes/first_name", "blank"],
      [{ last_name: undefined }, "/data/attributes/last_name", "blank"],
      [{ locale: "de" }, "/data/attributes/locale", "inclusion"],
      [{ role: "superadmin" }, "/data/attributes/role", "inclusion"],
      [{ role: "volunteer" }, "/data/attributes/role", "inclusion"],
      [{ role: "desk_manager" }, "/data/attributes/role", "inclusion"],
      [
        { role: "member", resource_type: "Desk", resource_id: desk.id },
        "/data/attributes/role",
        "inclusion",
      ],
      [{ resource_type: undefined }, "/data/attributes/resource_type", "blank"],
      [{ resource_id: undefined }, "/data/attributes/resource_id", "blank"],
      [{ resource_id: 999_999 }, "/data/attributes/resource_id", "not_found"],
    ];
    for (const [overrides, pointer, code] of cases) {
      const res = await invite(super_.headers, attributes(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(res.json().errors[0]).toMatchObject({ source: { pointer }, code });
    }
    expect(await userCount()).toBe(users0);
    expect(t.mailer.sent.length).toBe(mails);
  });

  it("treats another tenant's organization or desk as not there (422), either way round", async () => {
    const users0 = await userCount();
    const audits = await auditCount();
    const mails = t.mailer.sent.length;
    const foreign = [
      { resource_id: bOrg.id },
      { role: "admin", resource_id: b.center.id },
      { role: "desk_manager", resource_type: "Desk", resource_id: bDesk.id },
    ];
    for (const overrides of foreign) {
      const res = await invite(super_.headers, attributes(overrides));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0]).toMatchObject({
        source: { pointer: "/data/attributes/resource_id" },
        code: "not_found",
      });
    }
    for (const overrides of [
      { resource_id: O.id },
      { resource_type: "Desk", role: "desk_manager", resource_id: desk.id },
    ]) {
      const res = await invite(bSuper.headers, attributes(overrides));
      expect(res.statusCode).toBe(422);
    }
    expect(await userCount()).toBe(users0);
    expect(await auditCount()).toBe(audits);
    expect(t.mailer.sent.length).toBe(mails);
  });
});

describe("GET /auth/invitation", () => {
  it("says whom a pending invitation is for", async () => {
    const { email, token } = await invited();
    const res = await auth("GET", { invitation_token: token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { email, first_name: "Ina", last_name: "Invitee" },
    });
  });

  it("is a 404 for a missing, unknown, expired or other tenant's token", async () => {
    const { row, token } = await invited();
    for (const query of [{}, { invitation_token: "" }, { invitation_token: "nope" }]) {
      const res = await auth("GET", query);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    expect((await auth("GET", { invitation_token: token }, b.tenant.slug)).json()).toEqual(
      NOT_FOUND,
    );
    // 14 days after it was sent, the invitation has expired.
    const sentAt = new Date(Date.now() - 14 * 24 * 3600_000 - 1000);
    await db().update(users).set({ invitationSentAt: sentAt }).where(eq(users.id, row.id));
    expect((await auth("GET", { invitation_token: token })).statusCode).toBe(404);
    await db()
      .update(users)
      .set({ invitationSentAt: new Date(Date.now() - 13 * 24 * 3600_000) })
      .where(eq(users.id, row.id));
    expect((await auth("GET", { invitation_token: token })).statusCode).toBe(200);
  });

  it("is a 404 once the invitee was archived", async () => {
    const { row, token } = await invited();
    await db().update(users).set({ status: "archived" }).where(eq(users.id, row.id));
    expect((await auth("GET", { invitation_token: token })).json()).toEqual(NOT_FOUND);
  });
});

describe("PUT /auth/invitation", () => {
  it("sets the password, activates and confirms the account, and signs the invitee in", async () => {
    const { row, token, email } = await invited();
    const res = await auth("PUT", {
      invitation_token: token,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: expect.objectContaining({ id: row.id, email, uid: email, status: "active" }),
    });
    expect(res.headers["access-token"]).toBeTruthy();
    expect(res.headers.uid).toBe(email);
    const after = await userRow(db(), row.id);
    expect(after).toMatchObject({ status: "active", invitationToken: null });
    expect(after.confirmedAt).not.toBeNull();
    expect(after.invitationAcceptedAt).not.toBeNull();
    expect(await verifyPassword(after.encryptedPassword, PASSWORD)).toBe(true);
    // The headers it answered with are a working session.
    const validated = await t.app.inject({
      method: "GET",
      url: "/auth/validate_token",
      headers: { "x-tenant": a.tenant.slug, ...authOf(res) },
    });
    expect(validated.statusCode).toBe(200);
    const events = await db()
      .select({ action: activityEvents.action, actorId: activityEvents.actorId })
      .from(activityEvents)
      .where(eq(activityEvents.userId, row.id))
      .orderBy(activityEvents.id);
    expect(events).toEqual([
      { action: "account_confirmed", actorId: row.id },
      { action: "password_changed", actorId: row.id },
      { action: "signed_in", actorId: row.id },
    ]);
    // The token is spent; the password signs in from now on.
    expect((await auth("GET", { invitation_token: token })).statusCode).toBe(404);
    const again = await auth("PUT", {
      invitation_token: token,
      password: "Another-pass-99",
      password_confirmation: "Another-pass-99",
    });
    expect(again.statusCode).toBe(404);
    const session = await signIn(t.app, a.tenant.slug, email, PASSWORD);
    expect(session.res.statusCode).toBe(200);
  });

  it("leaves an invitee unable to sign in until they accept", async () => {
    const { email } = await invited();
    const res = await signIn(t.app, a.tenant.slug, email, "");
    expect(res.res.statusCode).toBe(401);
    expect(res.res.json()).toEqual({
      success: false,
      errors: ["Invalid login credentials. Please try again."],
    });
  });

  it("answers password errors as PUT /auth/password does, changing nothing", async () => {
    const { row, token } = await invited();
    const before = await userRow(db(), row.id);
    const missing = await auth("PUT", { invitation_token: token, password: PASSWORD });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      success: false,
      errors: ["You must fill out the fields labeled 'Password' and 'Password confirmation'."],
    });
    const mismatch = await auth("PUT", {
      invitation_token: token,
      password: "short",
      password_confirmation: "other",
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json()).toEqual({
      success: false,
      errors: {
        password_confirmation: ["doesn't match Password"],
        password: ["is too short (minimum is 8 characters)"],
        full_messages: [
          "Password confirmation doesn't match Password",
          "Password is too short (minimum is 8 characters)",
        ],
      },
    });
    expect(missing.headers["access-token"]).toBeUndefined();
    expect(await userRow(db(), row.id)).toEqual(before);
  });

  it("is a 404 for a bad token or another tenant's, changing nothing", async () => {
    const { row, token } = await invited();
    const before = await userRow(db(), row.id);
    const body = { password: PASSWORD, password_confirmation: PASSWORD };
    for (const [payload, tenant] of [
      [{ ...body }, a.tenant.slug],
      [{ ...body, invitation_token: "forged" }, a.tenant.slug],
      [{ ...body, invitation_token: token }, b.tenant.slug],
    ] as const) {
      const res = await auth("PUT", payload, tenant);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    expect(await userRow(db(), row.id)).toEqual(before);
  });

  it("sets the password of another centre's invitee but signs them in on their own site only", async () => {
    const { row, token } = await invited({ resource_id: P.id }, dAdmin);
    expect(row.volunteerCenterId).toBe(D.id);
    const res = await auth("PUT", {
      invitation_token: token,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["access-token"]).toBeUndefined();
    expect((await userRow(db(), row.id)).status).toBe("active");
    const onD = await signIn(t.app, a.tenant.slug, row.email, PASSWORD, {
      "volunteer-center-id": String(D.id),
    });
    expect(onD.res.statusCode).toBe(200);
  });
});

describe("POST /api/v1/users/:id/resend_confirmation_instructions for an invitee", () => {
  it("mails the invitation again with a fresh token: the old link stops working", async () => {
    const { row, token } = await invited({ locale: "en" });
    const sent = (await userRow(db(), row.id)).invitationSentAt!;
    const res = await t.app.inject({
      method: "POST",
      url: `/api/v1/users/${row.id}/resend_confirmation_instructions`,
      headers: orgAdmin.headers,
    });
    expect(res.statusCode).toBe(200);
    const mail = t.mailer.last(row.email)!;
    expect(mail.subject).toBe("You have been invited to Roermond");
    expect(mail.text).toContain(
      "Olga Admin has invited you to Roermond as staff member of Buurthuis O.",
    );
    const fresh = linkIn(mail.text).searchParams.get("invitation_token")!;
    expect(fresh).not.toBe(token);
    const after = await userRow(db(), row.id);
    expect(after.invitationToken).toBe(tokenDigest(fresh));
    expect(after.invitationSentAt!.getTime()).toBeGreaterThanOrEqual(sent.getTime());
    expect(after.confirmationToken).toBeNull();
    expect((await auth("GET", { invitation_token: token })).statusCode).toBe(404);
    expect((await auth("GET", { invitation_token: fresh })).statusCode).toBe(200);
  });

  it("revives an expired invitation", async () => {
    const { row, token } = await invited();
    const old = new Date(Date.now() - 30 * 24 * 3600_000);
    await db().update(users).set({ invitationSentAt: old }).where(eq(users.id, row.id));
    expect((await auth("GET", { invitation_token: token })).statusCode).toBe(404);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/v1/users/${row.id}/resend_confirmation_instructions`,
      headers: centreAdmin.headers,
    });
    expect(res.statusCode).toBe(200);
    const fresh = linkIn(t.mailer.last(row.email)!.text).searchParams.get("invitation_token")!;
    expect((await auth("GET", { invitation_token: fresh })).statusCode).toBe(200);
  });
});

describe("the seeded invitee", () => {
  it("accepts the invitation with the seed's raw token", async () => {
    await seed(db());
    const token = seedRawToken("invitation", "demo");
    const email = seedEmail("invited", "demo");
    const shown = await auth("GET", { invitation_token: token }, "demo");
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.email).toBe(email);
    const res = await auth(
      "PUT",
      { invitation_token: token, password: PASSWORD, password_confirmation: PASSWORD },
      "demo",
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers["access-token"]).toBeTruthy();
    expect((await byEmail(email)).status).toBe("active");
  });
});
