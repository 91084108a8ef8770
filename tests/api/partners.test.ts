import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app";
import { createPartner } from "./support/content-factories";
import {
  createOrganization,
  createPublicTenants,
  type createTenantWithCenter,
} from "./support/factories";

// GET /api/v1/partners (docs/content-pages.md): the partners of the visitor's centres by
// position, with include=volunteer_center; another centre's only where the tenant shares.

let t: TestApp;
type TSetup = Awaited<ReturnType<typeof createTenantWithCenter>>;
let a: TSetup;
let b: TSetup;
let shared: TSetup;
let second: number;
let sharedSecond: number;

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" });
  const db = t.database.db;
  ({ a, b, shared } = await createPublicTenants(db));
  second = (await createOrganization(db, a.tenant.id, { type: "VolunteerCenter" })).id;
  sharedSecond = (await createOrganization(db, shared.tenant.id, { type: "VolunteerCenter" })).id;
  const c = a.center.id;
  await createPartner(db, a.tenant.id, { volunteerCenterId: c, name: "Gemeente", position: 2 });
  await createPartner(db, a.tenant.id, { volunteerCenterId: c, name: "Bibliotheek", position: 1 });
  await createPartner(db, a.tenant.id, { volunteerCenterId: c, name: "Fonds", position: 2 });
  await createPartner(db, a.tenant.id, { volunteerCenterId: second, name: "Elders", position: 0 });
  await createPartner(db, b.tenant.id, { volunteerCenterId: b.center.id, name: "Van B" });
  await createPartner(db, shared.tenant.id, {
    volunteerCenterId: shared.center.id,
    name: "Eigen",
    position: 1,
  });
  await createPartner(db, shared.tenant.id, {
    volunteerCenterId: sharedSecond,
    name: "Partner",
    position: 0,
  });
});
afterAll(() => t.close());

const get = (query: string, tenant: TSetup = a) =>
  t.app.inject({
    method: "GET",
    url: `/api/v1/partners${query}`,
    headers: { "x-tenant": tenant.tenant.slug },
  });
type TItem = { id: string; type: string; attributes: Record<string, unknown> };
const names = (body: { data: TItem[] }) => body.data.map((d) => d.attributes.name);

describe("GET /api/v1/partners", () => {
  it("lists the site centre's partners by position, then name, signed out", async () => {
    const res = await get("");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(names(body)).toEqual(["Bibliotheek", "Fonds", "Gemeente"]);
    expect(body.data[0].type).toBe("partner");
    expect(Object.keys(body.data[0].attributes).sort()).toEqual(
      ["description", "logo_url", "name", "position", "website"].sort(),
    );
    expect(body.meta.pagination).toEqual({ current: 1, records: 3 });
  });

  it("includes the centre each partner belongs to", async () => {
    const body = (await get("?include=volunteer_center")).json();
    expect(body.data[0].relationships.volunteer_center.data).toEqual({
      id: String(a.center.id),
      type: "volunteer_center",
    });
    expect(body.included).toEqual([
      { id: String(a.center.id), type: "volunteer_center", attributes: { name: a.center.name } },
    ]);
  });

  it("lists every centre's partners where the tenant shares centres", async () => {
    expect(names((await get("", shared)).json())).toEqual(["Partner", "Eigen"]);
  });

  it("pages and never shows another tenant's partners", async () => {
    const body = (await get("?page[size]=2&page[number]=2")).json();
    expect(names(body)).toEqual(["Gemeente"]);
    expect(names((await get("", b)).json())).toEqual(["Van B"]);
  });

  it("refuses an include it does not know with 400", async () => {
    expect((await get("?include=author")).statusCode).toBe(400);
  });
});
