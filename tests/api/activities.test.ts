import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desks, tenants } from "../../backend/db/schema";
import { createActivity } from "./support/activity-factories";
import { createTestApp, type TestApp } from "./support/app";
import { createOrganization, createTenantWithCenter } from "./support/factories";
import { createDesk } from "./support/resources";

// GET /api/v1/activities, /activities/:id and /desks/:id (docs/activities.md): public
// reading of published and cancelled activities of the centres a site shows, never drafts,
// never another tenant's; off where the tenant has no activities (spec §1, meedoen).

let t: TestApp;
type TSetup = Awaited<ReturnType<typeof createTenantWithCenter>>;
let a: TSetup; // one centre shown (no sharing)
let s: TSetup; // centre sharing
let b: TSetup; // another tenant
let off: TSetup; // activities switched off
const ids: Record<string, number> = {};
let desk: { id: number; slug: string };
let otherDesk: { id: number; slug: string };
let orgId: number;

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" });
  const db = t.database.db;
  a = await createTenantWithCenter(db);
  s = await createTenantWithCenter(db);
  b = await createTenantWithCenter(db);
  off = await createTenantWithCenter(db);
  await db
    .update(tenants)
    .set({ settings: { centreSharing: true } })
    .where(eq(tenants.id, s.tenant.id));
  await db
    .update(tenants)
    .set({ settings: { activities: false } })
    .where(eq(tenants.id, off.tenant.id));
  const second = await createOrganization(db, a.tenant.id, { type: "VolunteerCenter" });
  const org = await createOrganization(db, a.tenant.id, {
    volunteerCenterId: a.center.id,
    name: "Stichting Buurtkracht",
  });
  orgId = org.id;
  const d = await createDesk(db, a.tenant.id, { volunteerCenterId: a.center.id });
  await db
    .update(desks)
    .set({ welcomeTitle: "Welkom bij de balie", welcomeBody: "<p>Kom langs</p>" })
    .where(eq(desks.id, d.id));
  desk = { id: d.id, slug: d.slug };
  const d2 = await createDesk(db, a.tenant.id, { volunteerCenterId: a.center.id });
  otherDesk = { id: d2.id, slug: d2.slug };
  const C = a.center.id;
  const mk = async (
    key: string,
    attrs: Parameters<typeof createActivity>[2],
    tenantId = a.tenant.id,
  ) => {
    ids[key] = (await createActivity(db, tenantId, attrs)).id;
  };
  await mk("workshop", {
    volunteerCenterId: C,
    title: "Workshop fondsenwerving",
    summary: "Leer subsidies aanvragen",
    startsAt: at("2026-06-10T17:00:00Z"),
    endsAt: at("2026-06-10T19:00:00Z"),
    organizationId: org.id,
  });
  await mk("market", {
    volunteerCenterId: C,
    title: "Vrijwilligersmarkt",
    startsAt: at("2026-06-20T08:00:00Z"),
    endsAt: at("2026-06-20T15:00:00Z"),
    deskId: desk.id,
  });
  await mk("multi", {
    volunteerCenterId: C,
    title: "Trainingsweek",
    startsAt: at("2026-05-28T07:00:00Z"),
    endsAt: at("2026-06-02T15:00:00Z"),
  });
  await mk("cancelled", {
    volunteerCenterId: C,
    title: "Koffieochtend",
    status: "cancelled",
    startsAt: at("2026-06-12T08:00:00Z"),
  });
  await mk("draft", { volunteerCenterId: C, title: "Concept", status: "draft" });
  await mk("otherCentre", { volunteerCenterId: second.id, title: "Ander centrum" });
  await mk("shared1", { volunteerCenterId: s.center.id, title: "Gedeeld een" }, s.tenant.id);
  const sOther = await createOrganization(db, s.tenant.id, { type: "VolunteerCenter" });
  await mk("shared2", { volunteerCenterId: sOther.id, title: "Gedeeld twee" }, s.tenant.id);
  await mk("foreign", { volunteerCenterId: b.center.id, title: "Buitenland" }, b.tenant.id);
  await mk("offOne", { volunteerCenterId: off.center.id, title: "Uit" }, off.tenant.id);
});
afterAll(() => t.close());

const get = (url: string, tenant: TSetup = a, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "GET",
    url: `/api/v1${url}`,
    headers: { "x-tenant": tenant.tenant.slug, ...headers },
  });
type TDoc = {
  data: {
    id: string;
    attributes: Record<string, unknown>;
    relationships?: Record<string, { data: { id: string } | null }>;
  }[];
  included?: { id: string; type: string; attributes: Record<string, unknown> }[];
  meta: { pagination: { records: number; next?: number } };
  links: Record<string, string>;
};
const titles = (res: { json: () => unknown }) =>
  (res.json() as TDoc).data.map((d) => d.attributes.title);

describe("GET /api/v1/activities", () => {
  it("lists published and cancelled activities of the site's centre by start, never drafts or another centre's", async () => {
    const res = await get("/activities");
    expect(res.statusCode).toBe(200);
    expect(titles(res)).toEqual([
      "Trainingsweek",
      "Workshop fondsenwerving",
      "Koffieochtend",
      "Vrijwilligersmarkt",
    ]);
    const cancelled = (res.json() as TDoc).data.find((d) => d.id === String(ids.cancelled));
    expect(cancelled?.attributes.status).toBe("cancelled");
    expect((res.json() as TDoc).meta.pagination.records).toBe(4);
  });

  it("signed out is enough, and another tenant's activities are never listed", async () => {
    const res = await get("/activities");
    expect(res.body).not.toContain("Buitenland");
    expect(titles(await get("/activities", b))).toEqual(["Buitenland"]);
  });

  it("with centre sharing lists the activities of every centre of the collaboration", async () => {
    expect(titles(await get("/activities", s)).sort()).toEqual(["Gedeeld een", "Gedeeld twee"]);
  });

  it("sorts by -starts_at, ties by id, and refuses another sort field", async () => {
    expect(titles(await get("/activities?sort=-starts_at"))[0]).toBe("Vrijwilligersmarkt");
    expect((await get("/activities?sort=title")).statusCode).toBe(400);
  });

  it("pages with meta and links", async () => {
    const res = await get("/activities?page[size]=3");
    const doc = res.json() as TDoc;
    expect(doc.data).toHaveLength(3);
    expect(doc.meta.pagination).toMatchObject({ records: 4, next: 2 });
    expect(doc.links.next).toContain("page[number]=2");
    expect(titles(await get("/activities?page[size]=3&page[number]=2"))).toEqual([
      "Vrijwilligersmarkt",
    ]);
  });

  it("filter[from] and filter[to]: an activity overlapping the range matches", async () => {
    // The training week runs 28 May to 2 June: it overlaps 1 June.
    expect(titles(await get("/activities?filter[from]=2026-06-01&filter[to]=2026-06-01"))).toEqual([
      "Trainingsweek",
    ]);
    expect(titles(await get("/activities?filter[from]=2026-06-10&filter[to]=2026-06-12"))).toEqual([
      "Workshop fondsenwerving",
      "Koffieochtend",
    ]);
    // A date-time with an offset is an exact moment: after the workshop has ended.
    expect(
      titles(
        await get("/activities?filter[from]=2026-06-10T19:30:00%2B00:00&filter[to]=2026-06-11"),
      ),
    ).toEqual([]);
    expect(titles(await get("/activities?filter[from]=2026-06-13"))).toEqual([
      "Vrijwilligersmarkt",
    ]);
  });

  it("refuses a range over 62 days, a reversed range, a bad date and an unknown filter with 400", async () => {
    const long = await get("/activities?filter[from]=2026-01-01&filter[to]=2026-04-01");
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].source.parameter).toBe("filter[to]");
    expect(
      (await get("/activities?filter[from]=2026-03-01&filter[to]=2026-01-01")).statusCode,
    ).toBe(400);
    expect((await get("/activities?filter[from]=2026-02-30")).statusCode).toBe(400);
    expect((await get("/activities?filter[from]=morgen")).statusCode).toBe(400);
    expect((await get("/activities?filter[title_cont]=x")).statusCode).toBe(400);
    // 62 days exactly is allowed.
    expect(
      (await get("/activities?filter[from]=2026-06-01&filter[to]=2026-08-01")).statusCode,
    ).toBe(200);
  });

  it("filters by desk slug, desk id, organisation and words", async () => {
    expect(titles(await get(`/activities?filter[desk]=${desk.slug}`))).toEqual([
      "Vrijwilligersmarkt",
    ]);
    expect(titles(await get(`/activities?filter[desk_id]=${desk.id}`))).toEqual([
      "Vrijwilligersmarkt",
    ]);
    expect(titles(await get(`/activities?filter[desk]=${otherDesk.slug}`))).toEqual([]);
    expect(titles(await get("/activities?filter[desk]=bestaat-niet"))).toEqual([]);
    expect(titles(await get(`/activities?filter[organization_id]=${orgId}`))).toEqual([
      "Workshop fondsenwerving",
    ]);
    expect(titles(await get("/activities?filter[q]=SUBSIDIES"))).toEqual([
      "Workshop fondsenwerving",
    ]);
    expect(titles(await get("/activities?filter[q]=100%25"))).toEqual([]);
    expect((await get("/activities?filter[desk_id]=abc")).statusCode).toBe(400);
  });

  it("includes the organiser and the desk when asked", async () => {
    const res = await get("/activities?include=organization,desk");
    const doc = res.json() as TDoc;
    const workshop = doc.data.find((d) => d.id === String(ids.workshop));
    expect(workshop?.relationships?.organization.data?.id).toBe(String(orgId));
    const names = doc.included?.map((i) => `${i.type}:${i.attributes.name ?? i.attributes.slug}`);
    expect(names).toContain("organization:Stichting Buurtkracht");
    expect(names).toContain(`desk:${desk.slug}`);
    expect((await get("/activities?include=volunteer_center")).statusCode).toBe(400);
  });

  it("answers 404 where the tenant has activities switched off (spec §1: meedoen)", async () => {
    const res = await get("/activities", off);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("Uit");
    expect((await get(`/activities/${ids.offOne}`, off)).statusCode).toBe(404);
  });
});

describe("GET /api/v1/activities/:id", () => {
  it("reads a published activity with its description and includes", async () => {
    const res = await get(`/activities/${ids.workshop}?include=organization`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).toMatchObject({
      title: "Workshop fondsenwerving",
      starts_at: "2026-06-10T17:00:00.000Z",
      status: "published",
    });
    expect(res.json().included[0].attributes.name).toBe("Stichting Buurtkracht");
  });

  it("reads a cancelled one, marked cancelled", async () => {
    const res = await get(`/activities/${ids.cancelled}`);
    expect(res.json().data.attributes.status).toBe("cancelled");
  });

  it("is 404 for a draft, another centre's, another tenant's and a junk id", async () => {
    for (const id of [ids.draft, ids.otherCentre, ids.foreign, "abc", "0", "99999999999"]) {
      const res = await get(`/activities/${id}`);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json().errors[0].status).toBe("404");
    }
  });

  it("with centre sharing reads the other centre's activity", async () => {
    expect((await get(`/activities/${ids.shared2}`, s)).statusCode).toBe(200);
  });
});

describe("GET /api/v1/desks/:id", () => {
  it("reads a desk's welcome by slug or id, signed out, with its address", async () => {
    for (const key of [desk.slug, desk.slug.toUpperCase(), String(desk.id)]) {
      const res = await get(`/desks/${key}?include=address`);
      expect(res.statusCode, key).toBe(200);
      expect(res.json().data.attributes).toMatchObject({
        slug: desk.slug,
        welcome_title: "Welkom bij de balie",
        welcome_body: "<p>Kom langs</p>",
      });
      expect(res.json().included[0].type).toBe("address");
    }
  });

  it("is 404 for another tenant's desk and an unknown slug", async () => {
    expect((await get(`/desks/${desk.slug}`, b)).statusCode).toBe(404);
    expect((await get(`/desks/${desk.id}`, b)).statusCode).toBe(404);
    expect((await get("/desks/bestaat-niet")).statusCode).toBe(404);
  });

  it("works where activities are off: a desk is no activity", async () => {
    const d = await createDesk(t.database.db, off.tenant.id, { volunteerCenterId: off.center.id });
    expect((await get(`/desks/${d.slug}`, off)).statusCode).toBe(200);
  });
});
