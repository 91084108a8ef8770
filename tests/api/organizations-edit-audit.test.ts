import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addresses,
  auditEvents,
  organizationProfiles,
  organizations,
  type TOrganizationStatus,
} from "../../backend/db/schema";
import { createTestApp, type TestApp } from "./support/app";
import {
  addRole,
  createOrganization,
  createTenantWithCenter,
  createUser,
} from "./support/factories";
import {
  createOrganizationAddress,
  createOrganizationProfile,
  signedIn,
} from "./support/resources";

let t: TestApp;
type TSetup = Awaited<ReturnType<typeof createTenantWithCenter>>;
type THeaders = Record<string, string>;
/** Tenant a: centre C with its admin, a superadmin, a volunteer; tenant b: organization F. */
let a: TSetup;
let b: TSetup;
let F: { id: number };
let centreAdmin: { id: number; headers: THeaders };
let superadmin: { id: number; headers: THeaders };
let volunteer: THeaders;

const db = () => t.database.db;
let counter = 0;
const uniqueName = (prefix: string) => {
  counter += 1;
  return `${prefix} ${counter} ${Math.random().toString(36).slice(2, 7)}`;
};

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" });
  a = await createTenantWithCenter(db());
  b = await createTenantWithCenter(db());
  F = await createOrganization(db(), b.tenant.id, { volunteerCenterId: b.center.id });
  const staff = async (role: "admin" | "superadmin" | "volunteer") => {
    const u = await createUser(db(), a.tenant.id, { volunteerCenterId: a.center.id });
    const on = role === "admin" ? { type: "Organization" as const, id: a.center.id } : undefined;
    await addRole(db(), a.tenant.id, u.id, role, on);
    return { id: u.id, headers: await signedIn(db(), a.tenant, u.id) };
  };
  centreAdmin = await staff("admin");
  superadmin = await staff("superadmin");
  volunteer = (await staff("volunteer")).headers;
});
afterAll(() => t.close());

const organization = (status: TOrganizationStatus = "approved") =>
  createOrganization(db(), a.tenant.id, {
    status,
    name: uniqueName("Org"),
    volunteerCenterId: a.center.id,
  });

/** An admin of the organization itself. */
async function adminOf(organizationId: number) {
  const u = await createUser(db(), a.tenant.id, { volunteerCenterId: a.center.id });
  await addRole(db(), a.tenant.id, u.id, "admin", { type: "Organization", id: organizationId });
  return signedIn(db(), a.tenant, u.id);
}

const put = (id: number, attributes: Record<string, unknown>, headers: THeaders, path = "") =>
  t.app.inject({
    method: "PUT",
    url: `/api/v1/organizations/${id}${path}`,
    headers: { ...headers, "content-type": "application/vnd.api+json" },
    payload: JSON.stringify({ data: { type: "organizations", id: String(id), attributes } }),
  });

async function stored(id: number) {
  const [row] = await db().select().from(organizations).where(eq(organizations.id, id));
  return row;
}
async function addressOf(id: number) {
  const [row] = await db()
    .select()
    .from(addresses)
    .where(and(eq(addresses.addressableType, "Organization"), eq(addresses.addressableId, id)));
  return row;
}
async function profileOf(id: number) {
  const [row] = await db()
    .select()
    .from(organizationProfiles)
    .where(eq(organizationProfiles.organizationId, id));
  return row;
}
async function auditOf(id: number) {
  return db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectType, "Organization"), eq(auditEvents.subjectId, id)))
    .orderBy(auditEvents.id);
}

describe("PUT /api/v1/organizations/:id with address and profile", () => {
  it("creates the missing address and profile, normalising the postal code, and audits what changed", async () => {
    const org = await organization();
    const res = await put(
      org.id,
      {
        phone: "038 111 22 33",
        address: {
          street: "Oudestraat",
          house_number: "5",
          postal_code: "8261 cd",
          city: "Kampen",
        },
        profile: { description: "Wij koken samen.", contact_name: "Ria" },
      },
      await adminOf(org.id),
    );
    expect(res.statusCode).toBe(200);
    expect(await addressOf(org.id)).toMatchObject({
      tenantId: a.tenant.id,
      street: "Oudestraat",
      houseNumber: "5",
      postalCode: "8261CD",
      city: "Kampen",
    });
    expect(await profileOf(org.id)).toMatchObject({
      tenantId: a.tenant.id,
      description: "Wij koken samen.",
      contactName: "Ria",
      contactEmail: null,
    });
    expect(await auditOf(org.id)).toEqual([
      expect.objectContaining({
        action: "organization_updated",
        subjectLabel: org.name,
        volunteerCenterId: a.center.id,
        details: {
          changed: [
            "phone",
            "address.street",
            "address.house_number",
            "address.postal_code",
            "address.city",
            "profile.description",
            "profile.contact_name",
          ],
        },
      }),
    ]);
  });

  it("changes only what was sent, drops the old coordinates with a changed address, and includes both", async () => {
    const org = await organization();
    await createOrganizationAddress(db(), a.tenant.id, org.id);
    await createOrganizationProfile(db(), a.tenant.id, org.id);
    const res = await put(
      org.id,
      {
        address: { city: "'t Harde", street: "Stationsweg" },
        profile: { contact_email: "ria@example.test" },
      },
      centreAdmin.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(await addressOf(org.id)).toMatchObject({
      street: "Stationsweg",
      houseNumber: "1",
      postalCode: "8091 AA",
      city: "'t Harde",
      latitude: null,
      longitude: null,
    });
    expect(await profileOf(org.id)).toMatchObject({
      description: "We help.",
      contactName: "Ria",
      contactEmail: "ria@example.test",
    });
    const [entry] = await auditOf(org.id);
    expect(entry.details).toEqual({ changed: ["address.city", "profile.contact_email"] });
    const shown = await t.app.inject({
      method: "GET",
      url: `/api/v1/organizations/${org.id}?include=address,profile`,
      headers: { "x-tenant": a.tenant.slug },
    });
    const included = shown.json().included as {
      type: string;
      attributes: Record<string, unknown>;
    }[];
    expect(included.find((r) => r.type === "address")?.attributes.city).toBe("'t Harde");
  });

  it("writes nothing and audits nothing when every value is what it was", async () => {
    const org = await organization();
    await createOrganizationAddress(db(), a.tenant.id, org.id);
    const before = { organization: await stored(org.id), address: await addressOf(org.id) };
    const res = await put(
      org.id,
      {
        name: org.name,
        status: "approved",
        address: { city: "Wezep" },
        profile: { description: "" },
      },
      centreAdmin.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(await stored(org.id)).toEqual(before.organization);
    expect(await addressOf(org.id)).toEqual(before.address);
    expect(await profileOf(org.id)).toBeUndefined();
    expect(await auditOf(org.id)).toEqual([]);
  });

  it("clears a profile field sent blank", async () => {
    const org = await organization();
    await createOrganizationProfile(db(), a.tenant.id, org.id);
    const res = await put(org.id, { profile: { description: "  " } }, centreAdmin.headers);
    expect(res.statusCode).toBe(200);
    expect((await profileOf(org.id)).description).toBeNull();
    expect((await auditOf(org.id))[0].details).toEqual({ changed: ["profile.description"] });
  });

  it("refuses a bad address, profile or website with a 422 that writes nothing", async () => {
    const org = await organization();
    const headers = centreAdmin.headers;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "Kept?", address: { postal_code: "123" } }, "/data/attributes/address/postal_code"],
      [{ profile: { contact_email: "nope" } }, "/data/attributes/profile/contact_email"],
      [{ website: "javascript:alert(1)" }, "/data/attributes/website"],
      [{ address: { street: "x".repeat(201) } }, "/data/attributes/address/street"],
      [{ address: null }, "/data/attributes/address"],
    ];
    for (const [attributes, pointer] of cases) {
      const res = await put(org.id, attributes, headers);
      expect(res.statusCode, pointer).toBe(422);
      expect(res.json().errors[0].source.pointer).toBe(pointer);
    }
    expect((await stored(org.id)).name).toBe(org.name);
    expect(await addressOf(org.id)).toBeUndefined();
    expect(await auditOf(org.id)).toEqual([]);
  });

  it("audits a centre's edit of itself under the centre", async () => {
    const res = await put(a.center.id, { phone: `0525-${counter}` }, centreAdmin.headers);
    expect(res.statusCode).toBe(200);
    const entries = await auditOf(a.center.id);
    expect(entries.at(-1)).toMatchObject({
      action: "organization_updated",
      volunteerCenterId: a.center.id,
      actorId: centreAdmin.id,
    });
  });

  it("answers 404 for another tenant's organization and creates no address or profile for it", async () => {
    const res = await put(
      F.id,
      { address: { city: "Elders" }, profile: { description: "Overgenomen" } },
      superadmin.headers,
    );
    expect(res.statusCode).toBe(404);
    expect(await addressOf(F.id)).toBeUndefined();
    expect(await profileOf(F.id)).toBeUndefined();
    expect(await auditOf(F.id)).toEqual([]);
  });
});

describe("audit entries of status changes", () => {
  const CASES: [TOrganizationStatus, TOrganizationStatus, string][] = [
    ["pending", "approved", "organization_approved"],
    ["pending", "denied", "organization_denied"],
    ["approved", "archived", "organization_status_changed"],
    ["archived", "approved", "organization_status_changed"],
    ["denied", "pending", "organization_status_changed"],
  ];
  for (const [from, to, action] of CASES) {
    it(`records ${action} {from, to} for ${from} → ${to}`, async () => {
      const org = await organization(from);
      const res = await put(org.id, { status: to }, centreAdmin.headers, "/approve");
      expect(res.statusCode).toBe(200);
      expect(await auditOf(org.id)).toEqual([
        expect.objectContaining({
          tenantId: a.tenant.id,
          actorId: centreAdmin.id,
          action,
          subjectType: "Organization",
          subjectLabel: org.name,
          volunteerCenterId: a.center.id,
          details: { from, to },
        }),
      ]);
    });
  }

  it("records the rename and the decision of one plain PUT as two entries", async () => {
    const org = await organization("pending");
    const name = uniqueName("Renamed");
    const res = await put(org.id, { name, status: "approved" }, superadmin.headers);
    expect(res.statusCode).toBe(200);
    const entries = await auditOf(org.id);
    expect(entries.map((e) => [e.action, e.details, e.subjectLabel, e.actorId])).toEqual([
      ["organization_updated", { changed: ["name"] }, name, superadmin.id],
      ["organization_approved", { from: "pending", to: "approved" }, name, superadmin.id],
    ]);
  });

  it("records nothing for an unchanged status, an illegal transition or a refused caller", async () => {
    const org = await organization("approved");
    expect(
      (await put(org.id, { status: "approved" }, centreAdmin.headers, "/approve")).statusCode,
    ).toBe(200);
    expect(
      (await put(org.id, { status: "denied" }, centreAdmin.headers, "/approve")).statusCode,
    ).toBe(422);
    expect((await put(org.id, { status: "archived" }, await adminOf(org.id))).statusCode).toBe(403);
    expect((await put(org.id, { name: "Mine now" }, volunteer)).statusCode).toBe(403);
    expect((await put(F.id, { status: "archived" }, superadmin.headers)).statusCode).toBe(404);
    expect(await auditOf(org.id)).toEqual([]);
    expect(await auditOf(F.id)).toEqual([]);
    expect((await stored(org.id)).status).toBe("approved");
  });
});

describe("audit entries of deletions", () => {
  const del = (id: number, headers: THeaders) =>
    t.app.inject({ method: "DELETE", url: `/api/v1/organizations/${id}`, headers });

  it("records organization_deleted with the name it had, after the row is gone", async () => {
    const org = await organization("denied");
    expect((await del(org.id, centreAdmin.headers)).statusCode).toBe(204);
    expect(await stored(org.id)).toBeUndefined();
    expect(await auditOf(org.id)).toEqual([
      expect.objectContaining({
        action: "organization_deleted",
        actorId: centreAdmin.id,
        subjectLabel: org.name,
        volunteerCenterId: a.center.id,
        details: {},
      }),
    ]);
  });

  it("records nothing for a refused deletion", async () => {
    const org = await organization();
    expect((await del(org.id, volunteer)).statusCode).toBe(403);
    expect((await del(org.id, await adminOf(org.id))).statusCode).toBe(403);
    expect((await del(a.center.id, superadmin.headers)).statusCode).toBe(409);
    expect((await del(F.id, superadmin.headers)).statusCode).toBe(404);
    for (const id of [org.id, a.center.id, F.id]) {
      const deleted = (await auditOf(id)).filter((e) => e.action === "organization_deleted");
      expect(deleted).toEqual([]);
    }
  });
});
