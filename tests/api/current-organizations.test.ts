import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addRole } from "../../backend/auth/roles";
import { createTestApp, type TestApp } from "./support/app";
import { createOrganization, createTenantWithCenter, createUser } from "./support/factories";
import {
  createOrganizationAddress,
  createOrganizationProfile,
  signedIn,
} from "./support/resources";

let t: TestApp;
type TSetup = Awaited<ReturnType<typeof createTenantWithCenter>>;
type TOrganization = Awaited<ReturnType<typeof createOrganization>>;
let a: TSetup;
let b: TSetup;
let orgs: {
  zorg: TOrganization;
  buurt: TOrganization;
  school: TOrganization;
  other: TOrganization;
};
let headers: Record<string, string>;
let plainHeaders: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" });
  const db = t.database.db;
  a = await createTenantWithCenter(db);
  b = await createTenantWithCenter(db);
  const tenantId = a.tenant.id;
  orgs = {
    zorg: await createOrganization(db, tenantId, {
      name: "Zorggroep",
      volunteerCenterId: a.center.id,
    }),
    buurt: await createOrganization(db, tenantId, {
      name: "Buurthuis",
      volunteerCenterId: a.center.id,
    }),
    school: await createOrganization(db, tenantId, { type: "School", name: "Montessori" }),
    other: await createOrganization(db, tenantId, { name: "Andermans club" }),
  };
  await createOrganizationAddress(db, tenantId, orgs.school.id);
  await createOrganizationProfile(db, tenantId, orgs.school.id);
  const user = await createUser(db, tenantId);
  const org = (o: TOrganization) => ({ type: "Organization" as const, id: o.id });
  await addRole(db, tenantId, user.id, "member", org(orgs.zorg));
  await addRole(db, tenantId, user.id, "admin", org(orgs.buurt));
  await addRole(db, tenantId, user.id, "member", org(orgs.school));
  // Neither a global role nor a desk role makes an organization the user's.
  await addRole(db, tenantId, user.id, "volunteer");
  await addRole(db, tenantId, user.id, "desk_manager", { type: "Desk", id: orgs.other.id });
  headers = await signedIn(db, a.tenant, user.id);
  const plain = await createUser(db, tenantId);
  plainHeaders = await signedIn(db, a.tenant, plain.id);
});
afterAll(() => t.close());

const get = (path: string, h: Record<string, string> = headers) =>
  t.app.inject({ method: "GET", url: `/api/v1/${path}`, headers: h });
const names = (body: { data: { attributes: { name: string } }[] }) =>
  body.data.map((d) => d.attributes.name);

describe("GET /api/v1/current_organizations", () => {
  it("lists the organizations the user is admin or member of, by name", async () => {
    const res = await get("current_organizations");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(names(body)).toEqual(["Buurthuis", "Montessori", "Zorggroep"]);
    const buurt = orgs.buurt;
    expect(body.data[0]).toEqual({
      id: String(buurt.id),
      type: "organization",
      attributes: {
        name: "Buurthuis",
        type: "Organization",
        status: "approved",
        slug: null,
        email: null,
        phone: null,
        website: null,
        volunteer_center_id: a.center.id,
        created_at: buurt.createdAt.toISOString(),
        updated_at: buurt.updatedAt.toISOString(),
      },
      relationships: { address: { data: null }, profile: { data: null } },
    });
    expect(body.meta).toEqual({ pagination: { current: 1, records: 3 } });
    expect(body.links.self).toBe("http://localhost:80/api/v1/current_organizations");
  });

  it("include=address,profile adds the school's address and profile", async () => {
    const body = (await get("current_organizations?include=address,profile")).json();
    expect(body.included.map((r: { type: string }) => r.type).sort()).toEqual([
      "address",
      "organization_profile",
    ]);
    const profile = body.included.find((r: { type: string }) => r.type === "organization_profile");
    expect(profile.attributes).toMatchObject({
      organization_id: orgs.school.id,
      description: "We help.",
      contact_name: "Ria",
    });
  });

  it("pages and sorts", async () => {
    const body = (await get("current_organizations?sort=-name&page[size]=2")).json();
    expect(names(body)).toEqual(["Zorggroep", "Montessori"]);
    expect(body.meta.pagination).toEqual({ current: 1, next: 2, last: 2, records: 3 });
    expect(body.links.next).toBe(
      "http://localhost:80/api/v1/current_organizations?page[number]=2&page[size]=2&sort=-name",
    );
  });

  it("is empty for a user without organizations", async () => {
    const body = (await get("current_organizations", plainHeaders)).json();
    expect(body.data).toEqual([]);
    expect(body.meta.pagination).toEqual({ current: 1, records: 0 });
  });

  it("answers devise's 401 when signed out", async () => {
    const res = await get("current_organizations", { "x-tenant": a.tenant.slug });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: ["You need to sign in or sign up before continuing."] });
  });
});

describe("GET /api/v1/current_organization", () => {
  const withHeader = (id: number | string, h = headers) => ({
    ...h,
    "current-organization-id": String(id),
  });

  it("returns the organization named by Current-Organization-Id with address and profile", async () => {
    const res = await get(
      "current_organization?include=address,profile",
      withHeader(orgs.school.id),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toMatchObject({
      id: String(orgs.school.id),
      type: "organization",
      attributes: { name: "Montessori", type: "School" },
      relationships: {
        address: { data: { id: expect.any(String), type: "address" } },
        profile: { data: { id: expect.any(String), type: "organization_profile" } },
      },
    });
    const address = body.included.find((r: { type: string }) => r.type === "address");
    expect(address.attributes).toEqual({
      street: "Stationsweg",
      house_number: "1",
      postal_code: "8091 AA",
      city: "Wezep",
      country: "NL",
      latitude: 52.46,
      longitude: 6,
    });
  });

  it("answers 403 for an organization of the tenant the user holds no role on", async () => {
    const res = await get("current_organization", withHeader(orgs.other.id));
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0]).toMatchObject({ status: "403", title: "Forbidden" });
  });

  it("answers 404 for another tenant's organization", async () => {
    const res = await get("current_organization", withHeader(b.center.id));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      errors: [{ status: "404", source: null, title: "Not Found", detail: null, code: null }],
    });
  });

  it("answers 400 for a header that is not an id", async () => {
    const res = await get("current_organization", withHeader("abc"));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].source).toEqual({ parameter: "Current-Organization-Id" });
  });

  it("without the header picks the first School or VolunteerCenter (spec §4)", async () => {
    const body = (await get("current_organization")).json();
    expect(body.data.attributes.name).toBe("Montessori");
  });

  it("without the header and without organizations answers data null", async () => {
    const res = await get("current_organization", plainHeaders);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null });
  });
});
