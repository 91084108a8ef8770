import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app";
import {
  addRole,
  createOrganization,
  createTenantWithCenter,
  createUser,
} from "./support/factories";
import { signedIn } from "./support/resources";

// GET /api/v1/volunteer_centers (docs/organization-forms-and-settings.md): the tenant's
// approved centres, id and name, for everyone; another tenant's never.

let t: TestApp;
type TSetup = Awaited<ReturnType<typeof createTenantWithCenter>>;
let a: TSetup;
let b: TSetup;
let ids: { zuid: number; noord: number; pending: number; school: number; other: number };

const JSONAPI = /^application\/vnd\.api\+json/;

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" });
  const db = t.database.db;
  a = await createTenantWithCenter(db);
  b = await createTenantWithCenter(db);
  const zuid = await createOrganization(db, a.tenant.id, {
    type: "VolunteerCenter",
    name: "Zuid",
  });
  const noord = await createOrganization(db, a.tenant.id, {
    type: "VolunteerCenter",
    name: "Noord",
  });
  const pending = await createOrganization(db, a.tenant.id, {
    type: "VolunteerCenter",
    name: "Aanvraag",
    status: "pending",
  });
  await createOrganization(db, a.tenant.id, {
    type: "VolunteerCenter",
    name: "Archief",
    status: "archived",
  });
  const school = await createOrganization(db, a.tenant.id, {
    type: "School",
    name: "Basisschool",
    volunteerCenterId: a.center.id,
  });
  const other = await createOrganization(db, b.tenant.id, {
    type: "VolunteerCenter",
    name: "Anders",
  });
  ids = { zuid: zuid.id, noord: noord.id, pending: pending.id, school: school.id, other: other.id };
});
afterAll(() => t.close());

const list = (query = "", headers: Record<string, string> = { "x-tenant": a.tenant.slug }) =>
  t.app.inject({ method: "GET", url: `/api/v1/volunteer_centers${query}`, headers });

type TBody = { data: { id: string; type: string; attributes: { name: string } }[] };
const names = (body: TBody) => body.data.map((d) => d.attributes.name);

describe("GET /api/v1/volunteer_centers", () => {
  it("lists the tenant's approved centres by name to anyone, signed out, as id and name only", async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(JSONAPI);
    const body = res.json();
    expect(names(body)).toEqual(
      [a.center.name, "Noord", "Zuid"].sort((x, y) => x.localeCompare(y)),
    );
    expect(body.data.find((d: TBody["data"][number]) => d.attributes.name === "Noord")).toEqual({
      id: String(ids.noord),
      type: "volunteer_center",
      attributes: { name: "Noord" },
    });
    expect(body.meta).toEqual({ pagination: { current: 1, records: 3 } });
  });

  it("leaves out pending and archived centres and every organization that is no centre", async () => {
    const listed = (await list()).json().data.map((d: { id: string }) => Number(d.id));
    expect(listed).not.toContain(ids.pending);
    expect(listed).not.toContain(ids.school);
  });

  it("never lists another tenant's centres, whoever asks (a superadmin of the other tenant included)", async () => {
    const db = t.database.db;
    const superadmin = await createUser(db, b.tenant.id);
    await addRole(db, b.tenant.id, superadmin.id, "superadmin");
    const ofA = (await list()).json().data.map((d: { id: string }) => Number(d.id));
    expect(ofA).not.toContain(ids.other);
    expect(ofA).not.toContain(b.center.id);
    // Signed in on tenant B, the answer is B's own centres and nothing of A's.
    const headers = await signedIn(db, b.tenant, superadmin.id);
    const ofB = (await list("", headers)).json();
    expect(names(ofB)).toEqual(["Anders", b.center.name].sort((x, y) => x.localeCompare(y)));
  });

  it("sorts by name descending and pages with page[size], as every list does", async () => {
    const res = await list("?sort=-name&page[size]=2&page[number]=2");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const all = [a.center.name, "Noord", "Zuid"].sort((x, y) => y.localeCompare(x));
    expect(names(body)).toEqual(all.slice(2));
    expect(body.meta.pagination).toEqual({ current: 2, first: 1, prev: 1, records: 3 });
  });

  it("answers 400 for an unknown filter, sort or include, as every list does", async () => {
    for (const query of ["?filter[status_eq]=pending", "?sort=status", "?include=address"]) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0].status).toBe("400");
    }
  });
});
