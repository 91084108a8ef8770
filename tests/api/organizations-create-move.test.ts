import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rolesOf } from "../../backend/auth/roles";
import {
  addresses,
  auditEvents,
  organizationProfiles,
  organizations,
  tenants,
  users,
} from "../../backend/db/schema";
import { createTestApp, type TestApp } from "./support/app";
import {
  addRole,
  createOrganization,
  createTenantWithCenter,
  createUser,
} from "./support/factories";
import { createDesk, signedIn } from "./support/resources";

let t: TestApp;
type TSetup = Awaited<ReturnType<typeof createTenantWithCenter>>;
type THeaders = Record<string, string>;
/**
 * Tenant m allows moving (like cordaad): centre C (its default), centre D, a pending
 * centre P, organization O of C. Tenant n does not (the default): its centre with
 * organization Q.
 */
let m: TSetup;
let n: TSetup;
let D: { id: number };
let P: { id: number };
let O: { id: number; name: string };
let Q: { id: number };
const as: Record<string, THeaders> = {};
let nAdmin: THeaders;
let nSuper: THeaders;

const db = () => t.database.db;
let counter = 0;
const uniqueName = (prefix: string) => {
  counter += 1;
  return `${prefix} ${counter} ${Math.random().toString(36).slice(2, 7)}`;
};

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" });
  m = await createTenantWithCenter(db());
  n = await createTenantWithCenter(db());
  await db()
    .update(tenants)
    .set({ settings: { moveOrganizations: true } })
    .where(eq(tenants.id, m.tenant.id));
  const tm = m.tenant.id;
  D = await createOrganization(db(), tm, { type: "VolunteerCenter", name: "Centre D" });
  P = await createOrganization(db(), tm, {
    type: "VolunteerCenter",
    name: "Centre P",
    status: "pending",
  });
  O = await createOrganization(db(), tm, { name: "Org O", volunteerCenterId: m.center.id });
  Q = await createOrganization(db(), n.tenant.id, { volunteerCenterId: n.center.id });

  const person = async (
    key: string,
    role?: "volunteer" | "member" | "admin" | "superadmin",
    on?: number,
  ) => {
    const u = await createUser(db(), tm, { volunteerCenterId: m.center.id });
    if (role) {
      const resource = on === undefined ? undefined : { type: "Organization" as const, id: on };
      await addRole(db(), tm, u.id, role, resource);
    }
    as[key] = await signedIn(db(), m.tenant, u.id);
    return u;
  };
  await person("volunteer", "volunteer");
  await person("member of O", "member", O.id);
  await person("admin of O", "admin", O.id);
  await person("admin of C", "admin", m.center.id);
  await person("admin of D", "admin", D.id);
  await person("superadmin", "superadmin");
  const deskManager = await person("desk manager");
  const desk = await createDesk(db(), tm, { volunteerCenterId: m.center.id });
  await addRole(db(), tm, deskManager.id, "desk_manager", { type: "Desk", id: desk.id });

  const nUser = await createUser(db(), n.tenant.id, { volunteerCenterId: n.center.id });
  await addRole(db(), n.tenant.id, nUser.id, "admin", { type: "Organization", id: n.center.id });
  nAdmin = await signedIn(db(), n.tenant, nUser.id);
  const nSuperUser = await createUser(db(), n.tenant.id);
  await addRole(db(), n.tenant.id, nSuperUser.id, "superadmin");
  nSuper = await signedIn(db(), n.tenant, nSuperUser.id);
});
afterAll(() => t.close());

const jsonapi = { "content-type": "application/vnd.api+json" };
const post = (attributes: Record<string, unknown>, headers: THeaders, query = "") =>
  t.app.inject({
    method: "POST",
    url: `/api/v1/organizations${query}`,
    headers: { ...headers, ...jsonapi },
    payload: JSON.stringify({ data: { type: "organizations", attributes } }),
  });
const move = (id: number, centre: unknown, headers: THeaders, body?: unknown) =>
  t.app.inject({
    method: "PUT",
    url: `/api/v1/organizations/${id}/move`,
    headers: { ...headers, ...jsonapi },
    payload: JSON.stringify(
      body ?? {
        data: {
          type: "organizations",
          id: String(id),
          attributes: { volunteer_center_id: centre },
        },
      },
    ),
  });

async function stored(id: number) {
  const [row] = await db().select().from(organizations).where(eq(organizations.id, id));
  return row;
}
async function auditOf(id: number) {
  return db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectType, "Organization"), eq(auditEvents.subjectId, id)))
    .orderBy(auditEvents.id);
}
async function footprint() {
  const [o] = await db().select({ n: count() }).from(organizations);
  const [a] = await db().select({ n: count() }).from(addresses);
  const [p] = await db().select({ n: count() }).from(organizationProfiles);
  const [e] = await db().select({ n: count() }).from(auditEvents);
  return { organizations: o.n, addresses: a.n, profiles: p.n, audit: e.n };
}
/** An organization of tenant m made for one test. */
const organization = (centre = m.center.id) =>
  createOrganization(db(), m.tenant.id, { name: uniqueName("Org"), volunteerCenterId: centre });

describe("POST /api/v1/organizations", () => {
  it("lets a centre's admin add an approved organization to the site's centre, with address and profile: 201", async () => {
    const name = uniqueName("Buurthuis");
    const res = await post(
      {
        name,
        type: "School",
        email: "school@example.test",
        website: "https://school.example.test",
        address: { street: "Burgwal", house_number: "3", postal_code: "8261 ab", city: "Kampen" },
        profile: {
          description: "Een school.",
          contact_name: "Ria",
          contact_email: "ria@example.test",
        },
      },
      as["admin of C"],
      "?include=address,profile",
    );
    expect(res.statusCode).toBe(201);
    const doc = res.json();
    expect(doc.data).toMatchObject({
      type: "organization",
      attributes: { name, type: "School", status: "approved", volunteer_center_id: m.center.id },
    });
    expect(doc.included.map((r: { type: string }) => r.type).sort()).toEqual([
      "address",
      "organization_profile",
    ]);
    const id = Number(doc.data.id);
    expect(await stored(id)).toMatchObject({ tenantId: m.tenant.id, status: "approved" });
    const [address] = await db()
      .select()
      .from(addresses)
      .where(and(eq(addresses.addressableType, "Organization"), eq(addresses.addressableId, id)));
    expect(address).toMatchObject({ postalCode: "8261AB", city: "Kampen", tenantId: m.tenant.id });
    const [profile] = await db()
      .select()
      .from(organizationProfiles)
      .where(eq(organizationProfiles.organizationId, id));
    expect(profile).toMatchObject({ description: "Een school.", contactEmail: "ria@example.test" });
    expect(await auditOf(id)).toEqual([
      expect.objectContaining({
        action: "organization_created",
        subjectLabel: name,
        volunteerCenterId: m.center.id,
        details: {},
      }),
    ]);
  });

  it("adds to the centre the body names when the caller runs it", async () => {
    const res = await post(
      { name: uniqueName("Org"), type: "Organization", volunteer_center_id: String(D.id) },
      as.superadmin,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attributes.volunteer_center_id).toBe(D.id);
    const [entry] = await auditOf(Number(res.json().data.id));
    expect(entry.volunteerCenterId).toBe(D.id);
  });

  it("lets only a superadmin add a centre, which belongs to no centre", async () => {
    const before = await footprint();
    const refused = await post(
      { name: uniqueName("Centre"), type: "VolunteerCenter" },
      as["admin of C"],
    );
    expect(refused.statusCode).toBe(403);
    expect(await footprint()).toEqual(before);
    const res = await post({ name: uniqueName("Centre"), type: "VolunteerCenter" }, as.superadmin);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attributes).toMatchObject({
      type: "VolunteerCenter",
      volunteer_center_id: null,
      status: "approved",
    });
    const [entry] = await auditOf(Number(res.json().data.id));
    expect(entry.volunteerCenterId).toBe(Number(res.json().data.id));
    const withCentre = await post(
      { name: uniqueName("Centre"), type: "VolunteerCenter", volunteer_center_id: m.center.id },
      as.superadmin,
    );
    expect(withCentre.statusCode).toBe(422);
    expect(withCentre.json().errors[0].source.pointer).toBe("/data/attributes/volunteer_center_id");
  });

  it("answers 401 signed out and 403 to everyone but the centre's admins and superadmins, creating nothing", async () => {
    const before = await footprint();
    const attrs = { name: uniqueName("Org"), type: "Organization" };
    expect((await post(attrs, { "x-tenant": m.tenant.slug })).statusCode).toBe(401);
    for (const role of ["volunteer", "member of O", "admin of O", "admin of D", "desk manager"]) {
      expect((await post(attrs, as[role])).statusCode, role).toBe(403);
    }
    const elsewhere = await post({ ...attrs, volunteer_center_id: D.id }, as["admin of C"]);
    expect(elsewhere.statusCode).toBe(403);
    expect(await footprint()).toEqual(before);
  });

  it("refuses a centre that is not an approved centre of this tenant with a 422, creating nothing", async () => {
    const before = await footprint();
    for (const centre of [n.center.id, P.id, O.id, 999_999]) {
      const res = await post(
        { name: uniqueName("Org"), type: "Organization", volunteer_center_id: centre },
        as.superadmin,
      );
      expect(res.statusCode, String(centre)).toBe(422);
      expect(res.json().errors[0]).toMatchObject({
        source: { pointer: "/data/attributes/volunteer_center_id" },
        code: "required",
      });
    }
    expect(await footprint()).toEqual(before);
  });

  it("refuses a bad body with a 422 on the attribute, creating nothing", async () => {
    const before = await footprint();
    const cases: [Record<string, unknown>, string][] = [
      [{ type: "Organization" }, "/data/attributes/name"],
      [{ name: "X", type: "Club" }, "/data/attributes/type"],
      [{ name: "X", type: "School", website: "javascript:alert(1)" }, "/data/attributes/website"],
      [{ name: "X", type: "School", email: "nope" }, "/data/attributes/email"],
      [
        { name: "X", type: "School", address: { postal_code: "AB 1234" } },
        "/data/attributes/address/postal_code",
      ],
      [
        { name: "X", type: "School", profile: { contact_email: "nope" } },
        "/data/attributes/profile/contact_email",
      ],
      [
        { name: "X", type: "School", volunteer_center_id: "abc" },
        "/data/attributes/volunteer_center_id",
      ],
    ];
    for (const [attributes, pointer] of cases) {
      const res = await post(attributes, as["admin of C"]);
      expect(res.statusCode, pointer).toBe(422);
      expect(res.json().errors[0].source.pointer).toBe(pointer);
    }
    const noData = await t.app.inject({
      method: "POST",
      url: "/api/v1/organizations",
      headers: { ...as["admin of C"], ...jsonapi },
      payload: JSON.stringify({
        data: { type: "users", attributes: { name: "X", type: "School" } },
      }),
    });
    expect(noData.statusCode).toBe(422);
    expect(noData.json().errors[0].source.pointer).toBe("/data/type");
    expect(await footprint()).toEqual(before);
  });
});

describe("PUT /api/v1/organizations/:id/move", () => {
  it("lets the current centre's admin move an organization to another centre; its users and roles stay", async () => {
    const org = await organization();
    const admin = await createUser(db(), m.tenant.id, { volunteerCenterId: m.center.id });
    await addRole(db(), m.tenant.id, admin.id, "admin", { type: "Organization", id: org.id });
    const res = await move(org.id, String(D.id), as["admin of C"]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: String(org.id),
      attributes: { volunteer_center_id: D.id, status: "approved" },
    });
    expect((await stored(org.id)).volunteerCenterId).toBe(D.id);
    const roles = await rolesOf(db(), m.tenant.id, admin.id);
    expect(roles.map((r) => [r.name, r.resourceId])).toEqual([["admin", org.id]]);
    const [user] = await db().select().from(users).where(eq(users.id, admin.id));
    expect(user.volunteerCenterId).toBe(m.center.id);
    expect(await auditOf(org.id)).toEqual([
      expect.objectContaining({
        action: "organization_moved",
        volunteerCenterId: D.id,
        details: { from_center_id: m.center.id, to_center_id: D.id },
        subjectLabel: org.name,
      }),
    ]);
    // Now D's admins run it, and C's no longer do.
    expect((await move(org.id, m.center.id, as["admin of C"])).statusCode).toBe(403);
    expect((await move(org.id, m.center.id, as["admin of D"])).statusCode).toBe(200);
  });

  it("is refused with 403 where the tenant does not allow moving, and nothing moves", async () => {
    const centre = await createOrganization(db(), n.tenant.id, { type: "VolunteerCenter" });
    for (const headers of [nAdmin, nSuper]) {
      const res = await move(Q.id, centre.id, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0].detail).toBe(
        "Moving organizations to another volunteer centre is not enabled on this site.",
      );
    }
    expect((await stored(Q.id)).volunteerCenterId).toBe(n.center.id);
    expect(await auditOf(Q.id)).toEqual([]);
  });

  it("answers 401 signed out and 403 to everyone but the current centre's admins and superadmins", async () => {
    const org = await organization();
    expect((await move(org.id, D.id, { "x-tenant": m.tenant.slug })).statusCode).toBe(401);
    for (const role of ["volunteer", "member of O", "admin of D", "desk manager"]) {
      expect((await move(org.id, D.id, as[role])).statusCode, role).toBe(403);
    }
    expect((await move(O.id, D.id, as["admin of O"])).statusCode).toBe(403);
    expect((await stored(org.id)).volunteerCenterId).toBe(m.center.id);
    expect((await stored(O.id)).volunteerCenterId).toBe(m.center.id);
    expect(await auditOf(org.id)).toEqual([]);
  });

  it("refuses a target that is not another approved centre of the tenant with a 422, moving nothing", async () => {
    const org = await organization();
    const targets: [unknown, string][] = [
      [m.center.id, "unchanged"],
      [P.id, "required"],
      [O.id, "required"],
      [n.center.id, "required"],
      [999_999, "required"],
    ];
    for (const [target, code] of targets) {
      const res = await move(org.id, target, as.superadmin);
      expect(res.statusCode, String(target)).toBe(422);
      expect(res.json().errors[0]).toMatchObject({
        source: { pointer: "/data/attributes/volunteer_center_id" },
        code,
      });
    }
    for (const attributes of [{}, { volunteer_center_id: "x" }]) {
      const res = await move(org.id, null, as.superadmin, {
        data: { type: "organizations", id: String(org.id), attributes },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0].source.pointer).toBe("/data/attributes/volunteer_center_id");
    }
    const wrongId = await move(org.id, null, as.superadmin, {
      data: { type: "organizations", id: String(O.id), attributes: { volunteer_center_id: D.id } },
    });
    expect(wrongId.json().errors[0].source.pointer).toBe("/data/id");
    expect((await stored(org.id)).volunteerCenterId).toBe(m.center.id);
    expect(await auditOf(org.id)).toEqual([]);
  });

  it("refuses to move a centre itself to everyone, superadmins included (403)", async () => {
    expect((await move(D.id, m.center.id, as.superadmin)).statusCode).toBe(403);
    expect((await move(D.id, m.center.id, as["admin of D"])).statusCode).toBe(403);
    expect((await stored(D.id)).volunteerCenterId).toBeNull();
  });

  it("answers 404 for another tenant's organization, whoever asks, and moves nothing", async () => {
    for (const headers of Object.values(as)) {
      expect((await move(Q.id, D.id, headers)).statusCode).toBe(404);
    }
    // The other way round: tenant n's callers cannot reach tenant m's organization.
    expect((await move(O.id, n.center.id, nSuper)).statusCode).toBe(404);
    expect((await stored(Q.id)).volunteerCenterId).toBe(n.center.id);
    expect((await stored(O.id)).volunteerCenterId).toBe(m.center.id);
  });
});
