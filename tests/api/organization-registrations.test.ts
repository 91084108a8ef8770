import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../../backend/auth/password";
import { rolesOf } from "../../backend/auth/roles";
import {
  addresses,
  auditEvents,
  organizationProfiles,
  organizations,
  users,
  usersRoles,
} from "../../backend/db/schema";
import { createTestApp, type TestApp } from "./support/app";
import { linkIn, NO_RATE_LIMITS, signIn, userRow } from "./support/auth";
import {
  addRole,
  createOrganization,
  createTenantWithCenter,
  createUser,
} from "./support/factories";
import { signedIn } from "./support/resources";

let t: TestApp;
type TSetup = Awaited<ReturnType<typeof createTenantWithCenter>>;
/** Tenant a: default centre C (a.center) and centre D; tenant b: its own centre. */
let a: TSetup;
let b: TSetup;
let D: { id: number };
/** Admins of C in either language, an archived one, and an admin of D. */
let nlAdmin: { email: string };
let enAdmin: { email: string };
let archivedAdmin: { email: string };
let dAdmin: { email: string };

const db = () => t.database.db;
let counter = 0;
const unique = () => {
  counter += 1;
  return `${counter}-${Math.random().toString(36).slice(2, 7)}`;
};

beforeAll(async () => {
  t = await createTestApp({}, { auth: { rateLimits: NO_RATE_LIMITS } });
  a = await createTenantWithCenter(db());
  b = await createTenantWithCenter(db());
  D = await createOrganization(db(), a.tenant.id, { type: "VolunteerCenter", name: "Centre D" });
  const admin = async (centre: number, attrs: Parameters<typeof createUser>[2]) => {
    const u = await createUser(db(), a.tenant.id, { volunteerCenterId: centre, ...attrs });
    await addRole(db(), a.tenant.id, u.id, "admin", { type: "Organization", id: centre });
    return u;
  };
  nlAdmin = await admin(a.center.id, { locale: "nl", firstName: "Nora" });
  enAdmin = await admin(a.center.id, { locale: "en", firstName: "Emma" });
  archivedAdmin = await admin(a.center.id, { status: "archived" });
  dAdmin = await admin(D.id, {});
});
afterAll(() => t.close());

type TAttributes = { organization: Record<string, unknown>; user: Record<string, unknown> };

function attributes(
  overrides: { organization?: Record<string, unknown>; user?: Record<string, unknown> } = {},
): TAttributes {
  const tag = unique();
  return {
    organization: {
      name: `Stichting ${tag}`,
      type: "Organization",
      email: `info-${tag}@example.test`,
      phone: "038 123 45 67",
      website: "https://stichting.example.test",
      description: "Wij helpen buren met boodschappen.",
      address: {
        street: "Oudestraat",
        house_number: "12a",
        postal_code: "8261 ce",
        city: "Kampen",
      },
      ...overrides.organization,
    },
    user: {
      first_name: "Sanne",
      last_name: `de Vries ${tag}`,
      email: `sanne-${tag}@example.test`,
      password: "Correct-horse-9",
      password_confirmation: "Correct-horse-9",
      locale: "nl",
      ...overrides.user,
    },
  };
}

const register = (
  attrs: unknown,
  headers: Record<string, string> = {},
  query = "",
  app = t.app,
  tenant = a.tenant.slug,
) =>
  app.inject({
    method: "POST",
    url: `/api/v1/organization_registrations${query}`,
    headers: { "x-tenant": tenant, "content-type": "application/vnd.api+json", ...headers },
    payload: JSON.stringify(
      attrs && typeof attrs === "object" && "organization" in attrs
        ? { data: { type: "organization_registration", attributes: attrs } }
        : attrs,
    ),
  });

/** Every table a sign-up writes, and the mail sent: a refused one changes none of them. */
async function footprint() {
  const [o] = await db().select({ n: count() }).from(organizations);
  const [u] = await db().select({ n: count() }).from(users);
  const [ad] = await db().select({ n: count() }).from(addresses);
  const [p] = await db().select({ n: count() }).from(organizationProfiles);
  const [r] = await db().select({ n: count() }).from(usersRoles);
  const [au] = await db().select({ n: count() }).from(auditEvents);
  return {
    organizations: o.n,
    users: u.n,
    addresses: ad.n,
    profiles: p.n,
    roles: r.n,
    audit: au.n,
    mails: t.mailer.sent.length,
  };
}

async function stored(email: string) {
  const [user] = await db().select().from(users).where(eq(users.email, email));
  return user;
}

describe("POST /api/v1/organization_registrations", () => {
  it("creates the organization pending in the site's centre, with address, profile and an unconfirmed admin: 201", async () => {
    const attrs = attributes();
    const res = await register(attrs, {}, "?include=address,profile");
    expect(res.statusCode).toBe(201);
    expect(res.headers["content-type"]).toMatch(/^application\/vnd\.api\+json/);
    expect(res.headers["access-token"]).toBeUndefined();
    const doc = res.json();
    expect(doc.data).toMatchObject({
      type: "organization",
      attributes: {
        name: attrs.organization.name,
        type: "Organization",
        status: "pending",
        volunteer_center_id: a.center.id,
        email: attrs.organization.email,
        phone: "038 123 45 67",
        website: "https://stichting.example.test",
      },
    });
    const included = Object.fromEntries(
      (doc.included as { type: string; attributes: Record<string, unknown> }[]).map((r) => [
        r.type,
        r.attributes,
      ]),
    );
    expect(included.address).toMatchObject({
      street: "Oudestraat",
      house_number: "12a",
      postal_code: "8261CE",
      city: "Kampen",
    });
    expect(included.organization_profile).toMatchObject({
      description: "Wij helpen buren met boodschappen.",
    });

    const id = Number(doc.data.id);
    const [organization] = await db().select().from(organizations).where(eq(organizations.id, id));
    expect(organization).toMatchObject({ tenantId: a.tenant.id, status: "pending" });
    const user = await stored(String(attrs.user.email));
    expect(user).toMatchObject({
      tenantId: a.tenant.id,
      status: "active",
      confirmedAt: null,
      volunteerCenterId: a.center.id,
      firstName: "Sanne",
      locale: "nl",
      uid: attrs.user.email,
    });
    expect(await verifyPassword(user.encryptedPassword, "Correct-horse-9")).toBe(true);
    const roles = await rolesOf(db(), a.tenant.id, user.id);
    expect(roles.map((r) => [r.name, r.resourceType, r.resourceId])).toEqual([
      ["admin", "Organization", id],
    ]);
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectType, "Organization"), eq(auditEvents.subjectId, id)));
    expect(audit).toEqual([
      expect.objectContaining({
        tenantId: a.tenant.id,
        actorId: user.id,
        action: "organization_registered",
        subjectLabel: attrs.organization.name,
        volunteerCenterId: a.center.id,
        details: { user_id: user.id },
      }),
    ]);
  });

  it("mails the new admin a confirmation and each admin of the centre in their own language", async () => {
    const before = t.mailer.sent.length;
    const attrs = attributes();
    const res = await register(attrs);
    expect(res.statusCode).toBe(201);
    const sent = t.mailer.sent.slice(before);
    expect(sent.map((m) => m.to).sort()).toEqual(
      [String(attrs.user.email), nlAdmin.email, enAdmin.email].sort(),
    );
    expect(sent.every((m) => m.tenantId === a.tenant.id)).toBe(true);
    const name = String(attrs.organization.name);
    const toNl = sent.find((m) => m.to === nlAdmin.email)!;
    expect(toNl.subject).toBe(`Nieuwe organisatie wacht op goedkeuring: ${name}`);
    expect(toNl.text).toContain("Hallo Nora,");
    expect(toNl.text).toContain(
      `Aangemeld door Sanne ${attrs.user.last_name} (${attrs.user.email})`,
    );
    expect(linkIn(toNl.text).toString()).toBe("http://localhost/organizations/approve");
    const toEn = sent.find((m) => m.to === enAdmin.email)!;
    expect(toEn.subject).toBe(`New organisation awaiting approval: ${name}`);
    expect(toEn.text).toContain("Hello Emma,");
    expect(toEn.html).toContain('href="http://localhost/organizations/approve"');
    const confirmation = sent.find((m) => m.to === attrs.user.email)!;
    expect(confirmation.subject).toBe(`Bevestig je e-mailadres voor ${a.tenant.name}`);
    expect(sent.map((m) => m.to)).not.toContain(archivedAdmin.email);
    expect(sent.map((m) => m.to)).not.toContain(dAdmin.email);
  });

  it("confirms in English for an English sign-up, and the mailed link lets the admin sign in", async () => {
    const attrs = attributes({ user: { locale: "en", first_name: "Sam" } });
    const res = await register(attrs);
    expect(res.statusCode).toBe(201);
    const email = String(attrs.user.email);
    const mail = t.mailer.last(email)!;
    expect(mail.subject).toBe(`Confirm your email address for ${a.tenant.name}`);
    expect(mail.text).toContain("Hello Sam,");
    const refused = await signIn(t.app, a.tenant.slug, email, "Correct-horse-9");
    expect(refused.res.statusCode).toBe(401);
    const link = linkIn(mail.text);
    expect(`${link.origin}${link.pathname}`).toBe("http://localhost/confirm");
    const confirmed = await t.app.inject({
      method: "POST",
      url: "/api/v1/confirm",
      headers: { "x-tenant": a.tenant.slug },
      payload: { confirmation_token: link.searchParams.get("confirmation_token") },
    });
    expect(confirmed.statusCode).toBe(200);
    const { res: signedInRes } = await signIn(t.app, a.tenant.slug, email, "Correct-horse-9");
    expect(signedInRes.statusCode).toBe(200);
  });

  it("signs up with the centre the request names (Volunteer-Center-Id) and mails that centre's admins", async () => {
    const before = t.mailer.sent.length;
    const attrs = attributes();
    const res = await register(attrs, { "volunteer-center-id": String(D.id) });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attributes.volunteer_center_id).toBe(D.id);
    expect((await stored(String(attrs.user.email))).volunteerCenterId).toBe(D.id);
    const to = t.mailer.sent.slice(before).map((m) => m.to);
    expect(to).toContain(dAdmin.email);
    expect(to).not.toContain(nlAdmin.email);
  });

  it("ignores another tenant's centre named in Volunteer-Center-Id: the organization joins the site's own", async () => {
    const attrs = attributes();
    const res = await register(attrs, { "volunteer-center-id": String(b.center.id) });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attributes.volunteer_center_id).toBe(a.center.id);
    expect((await stored(String(attrs.user.email))).tenantId).toBe(a.tenant.id);
  });

  it("lets a signed-in user sign an organization up; the session plays no part, the new account is its admin", async () => {
    const volunteer = await createUser(db(), a.tenant.id, { volunteerCenterId: a.center.id });
    const headers = await signedIn(db(), a.tenant, volunteer.id);
    const attrs = attributes();
    const res = await register(attrs, headers);
    expect(res.statusCode).toBe(201);
    const id = Number(res.json().data.id);
    expect(await rolesOf(db(), a.tenant.id, volunteer.id)).toEqual([]);
    const created = await stored(String(attrs.user.email));
    const [entry] = await db().select().from(auditEvents).where(eq(auditEvents.subjectId, id));
    expect(entry.actorId).toBe(created.id);
  });

  it("refuses an address that has an account in the tenant: 422 'taken', nothing created", async () => {
    const existing = await createUser(db(), a.tenant.id);
    const before = await footprint();
    const res = await register(
      attributes({ user: { email: ` ${existing.email.toUpperCase()} ` } }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      {
        status: "422",
        title: "Unprocessable Entity",
        source: { pointer: "/data/attributes/user/email" },
        detail: "User email has already been taken",
        code: "taken",
      },
    ]);
    expect(await footprint()).toEqual(before);
  });

  it("lets one of two sign-ups racing for one address win; the other is 'taken' and leaves nothing", async () => {
    const first = attributes();
    const second = attributes({ user: { email: first.user.email } });
    const results = await Promise.all([register(first), register(second)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const loser = results.find((r) => r.statusCode === 422)!;
    expect(loser.json().errors[0]).toMatchObject({
      source: { pointer: "/data/attributes/user/email" },
      code: "taken",
    });
    expect(
      await db()
        .select()
        .from(users)
        .where(eq(users.email, String(first.user.email))),
    ).toHaveLength(1);
    const names = [first.organization.name, second.organization.name].map(String);
    const created = await db().select().from(organizations);
    expect(created.filter((o) => names.includes(o.name))).toHaveLength(1);
  });

  it("accepts an address that has an account only in another tenant (accounts are per tenant)", async () => {
    const elsewhere = await createUser(db(), b.tenant.id);
    const res = await register(attributes({ user: { email: elsewhere.email } }));
    expect(res.statusCode).toBe(201);
    const rows = await db().select().from(users).where(eq(users.email, elsewhere.email));
    expect(rows.map((r) => r.tenantId).sort()).toEqual([a.tenant.id, b.tenant.id].sort());
  });

  const INVALID: [string, unknown, { pointer: string; code: string; detail?: string }][] = [
    ["no data", { meta: {} }, { pointer: "", code: "parameter_missing" }],
    [
      "another type",
      { data: { type: "users", attributes: attributes() } },
      { pointer: "/data/type", code: "inclusion" },
    ],
    [
      "a blank organization name",
      attributes({ organization: { name: "  " } }),
      {
        pointer: "/data/attributes/organization/name",
        code: "blank",
        detail: "Organization name can't be blank",
      },
    ],
    [
      "a volunteer centre",
      attributes({ organization: { type: "VolunteerCenter" } }),
      { pointer: "/data/attributes/organization/type", code: "inclusion" },
    ],
    [
      "a javascript: website",
      attributes({ organization: { website: "javascript:alert(1)" } }),
      { pointer: "/data/attributes/organization/website", code: "invalid" },
    ],
    [
      "a website without http(s)",
      attributes({ organization: { website: "www.example.test" } }),
      { pointer: "/data/attributes/organization/website", code: "invalid" },
    ],
    [
      "a postal code that is not Dutch",
      attributes({
        organization: {
          address: { street: "A", house_number: "1", postal_code: "12345", city: "B" },
        },
      }),
      {
        pointer: "/data/attributes/organization/address/postal_code",
        code: "invalid",
        detail: "Organization address postal code is not a valid postal code (1234 AB)",
      },
    ],
    [
      "no address",
      attributes({ organization: { address: undefined } }),
      { pointer: "/data/attributes/organization/address", code: "blank" },
    ],
    [
      "a blank city",
      attributes({
        organization: {
          address: { street: "A", house_number: "1", postal_code: "1234AB", city: "" },
        },
      }),
      { pointer: "/data/attributes/organization/address/city", code: "blank" },
    ],
    [
      "an organization email that is none",
      attributes({ organization: { email: "info-at-example" } }),
      { pointer: "/data/attributes/organization/email", code: "invalid" },
    ],
    [
      "no user",
      { organization: attributes().organization },
      { pointer: "/data/attributes/user", code: "blank" },
    ],
    [
      "a user email that is none",
      attributes({ user: { email: "sanne" } }),
      { pointer: "/data/attributes/user/email", code: "invalid" },
    ],
    [
      "a short password",
      attributes({ user: { password: "short", password_confirmation: "short" } }),
      {
        pointer: "/data/attributes/user/password",
        code: "too_short",
        detail: "User password is too short (minimum is 8 characters)",
      },
    ],
    [
      "a confirmation that does not match",
      attributes({ user: { password_confirmation: "Correct-horse-8" } }),
      {
        pointer: "/data/attributes/user/password_confirmation",
        code: "confirmation",
        detail: "User password confirmation doesn't match Password",
      },
    ],
    [
      "no password",
      attributes({ user: { password: undefined, password_confirmation: undefined } }),
      { pointer: "/data/attributes/user/password", code: "blank" },
    ],
    [
      "a locale we do not speak",
      attributes({ user: { locale: "de" } }),
      { pointer: "/data/attributes/user/locale", code: "inclusion" },
    ],
  ];
  for (const [what, payload, expected] of INVALID) {
    it(`refuses ${what} with a 422 on ${expected.pointer || "the document"}, creating nothing`, async () => {
      const before = await footprint();
      const res = await register(payload);
      expect(res.statusCode).toBe(422);
      const errors = res.json().errors as { source: { pointer: string }; code: string }[];
      expect(errors).toContainEqual(
        expect.objectContaining({
          status: "422",
          source: { pointer: expected.pointer },
          code: expected.code,
          ...(expected.detail ? { detail: expected.detail } : {}),
        }),
      );
      expect(await footprint()).toEqual(before);
    });
  }

  it("reports every problem of the body at once", async () => {
    const res = await register(
      attributes({ organization: { name: "" }, user: { email: "x", password: "short" } }),
    );
    expect(res.statusCode).toBe(422);
    const pointers = (res.json().errors as { source: { pointer: string } }[])
      .map((e) => e.source.pointer)
      .sort();
    expect(pointers).toEqual([
      "/data/attributes/organization/name",
      "/data/attributes/user/email",
      "/data/attributes/user/password",
      "/data/attributes/user/password_confirmation",
    ]);
  });

  it("answers 400 for an include it does not have, creating nothing", async () => {
    const before = await footprint();
    const res = await register(attributes(), {}, "?include=members");
    expect(res.statusCode).toBe(400);
    expect(await footprint()).toEqual(before);
  });
});

describe("POST /api/v1/organization_registrations rate limit", () => {
  it("answers 429 with Retry-After once an address has used its attempts, valid or not, creating nothing", async () => {
    const limited = await createTestApp(
      {},
      { auth: { rateLimits: { mailPerIp: { points: 2, durationSeconds: 60 } } } },
    );
    try {
      const setup = await createTenantWithCenter(limited.database.db);
      const call = (attrs: unknown) => register(attrs, {}, "", limited.app, setup.tenant.slug);
      expect((await call(attributes({ organization: { name: "" } }))).statusCode).toBe(422);
      expect((await call(attributes())).statusCode).toBe(201);
      const attrs = attributes();
      const refused = await call(attrs);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(refused.json().errors[0]).toMatchObject({
        status: "429",
        title: "Too Many Requests",
      });
      const [row] = await limited.database.db
        .select()
        .from(users)
        .where(eq(users.email, String(attrs.user.email)));
      expect(row).toBeUndefined();
      const orgs = await limited.database.db
        .select()
        .from(organizations)
        .where(eq(organizations.name, String(attrs.organization.name)));
      expect(orgs).toEqual([]);
    } finally {
      await limited.close();
    }
  });
});

describe("the account a sign-up makes", () => {
  it("administers its own organization, pending, and sees no other in the back office", async () => {
    const attrs = attributes();
    const res = await register(attrs);
    const id = Number(res.json().data.id);
    const user = await stored(String(attrs.user.email));
    const headers = await signedIn(db(), a.tenant, user.id);
    const own = await t.app.inject({ method: "GET", url: `/api/v1/organizations/${id}`, headers });
    expect(own.statusCode).toBe(200);
    const list = await t.app.inject({ method: "GET", url: "/api/v1/organizations", headers });
    expect(list.json().data.map((d: { id: string }) => Number(d.id))).toEqual([id]);
    expect((await userRow(db(), user.id)).confirmationToken).toBeTruthy();
  });
});
