import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppDb } from "../../backend/db/client";
import {
  addresses,
  organizationProfiles,
  organizationTags,
  tags,
  vacancies,
} from "../../backend/db/schema";
import { createTestApp, type TestApp } from "./support/app";
import {
  createOrganization,
  createPublicTenants,
  type createTenantWithCenter,
} from "./support/factories";

// GET /api/v1/social_map and the public relations of GET /api/v1/organizations/:id
// (docs/social-map.md): approved, visible organisations of the site's public centres,
// centres included; filters, bbox, paging, includes; another tenant's never.

let t: TestApp;
type TSetup = Awaited<ReturnType<typeof createTenantWithCenter>>;
let a: TSetup;
let b: TSetup;
let shared: TSetup;
let ids: Record<string, number>;
let sharedIds: Record<string, number>;

async function place(
  db: AppDb,
  tenantId: number,
  organizationId: number,
  city: string,
  latitude: number | null,
  longitude: number | null,
) {
  await db.insert(addresses).values({
    tenantId,
    addressableType: "Organization",
    addressableId: organizationId,
    street: "Dorpsstraat",
    houseNumber: "1",
    postalCode: "8096 AA",
    city,
    latitude,
    longitude,
  });
}

async function profile(
  db: AppDb,
  tenantId: number,
  organizationId: number,
  values: { summary?: string; socialMapVisible?: boolean } = {},
) {
  await db.insert(organizationProfiles).values({ tenantId, organizationId, ...values });
}

async function tag(db: AppDb, tenantId: number, slug: string, name: string) {
  const [row] = await db.insert(tags).values({ tenantId, slug, name }).returning();
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" });
  const db = t.database.db;
  ({ a, b, shared } = await createPublicTenants(db));
  const T = a.tenant.id;
  const C = a.center.id;
  const org = (name: string, attrs: Parameters<typeof createOrganization>[2] = {}) =>
    createOrganization(db, T, { name, volunteerCenterId: C, ...attrs });
  const sport = await org("Voetbalvereniging Wezep");
  const library = await org("Bibliotheek Oldebroek", { type: "School" });
  const food = await org("Voedselbank Noord-Veluwe");
  const hidden = await org("Verborgen Stichting");
  const pending = await org("Aanvraag Vereniging", { status: "pending" });
  const denied = await org("Geweigerd Genootschap", { status: "denied" });
  const noPlace = await org("Zonder Adres");
  const otherCentre = await createOrganization(db, T, {
    type: "VolunteerCenter",
    name: "Ander Centrum",
  });
  const ofOther = await org("Ander Koor", { volunteerCenterId: otherCentre.id });
  await place(db, T, sport.id, "Wezep", 52.46, 6.0);
  await place(db, T, library.id, "Oldebroek", 52.45, 5.9);
  await place(db, T, food.id, "Zwolle", 52.51, 6.09);
  await place(db, T, hidden.id, "Wezep", 52.46, 6.0);
  await place(db, T, pending.id, "Wezep", 52.46, 6.0);
  await place(db, T, C, "Oldebroek", 52.45, 5.91);
  await profile(db, T, sport.id, { summary: "Voetbal voor jong en oud" });
  await profile(db, T, food.id, { summary: "Pakketten voor gezinnen met weinig geld" });
  await profile(db, T, hidden.id, { socialMapVisible: false });
  const sportTag = await tag(db, T, "sport", "Sport");
  const careTag = await tag(db, T, "zorg", "Zorg");
  await db.insert(organizationTags).values([
    { tenantId: T, organizationId: sport.id, tagId: sportTag },
    { tenantId: T, organizationId: food.id, tagId: careTag },
  ]);
  const vacancy = (title: string, status: "published" | "draft", extra = {}) =>
    db
      .insert(vacancies)
      .values({
        tenantId: T,
        volunteerCenterId: C,
        organizationId: sport.id,
        title,
        status,
        publishedAt: new Date(),
        ...extra,
      })
      .returning()
      .then(([row]) => row.id);
  const published = await vacancy("Trainer gezocht", "published");
  const draft = await vacancy("Concept", "draft");
  const closed = await vacancy("Verlopen", "published", { closesOn: "2020-01-01" });
  const other = await createOrganization(db, b.tenant.id, {
    name: "Vereniging van B",
    volunteerCenterId: b.center.id,
  });
  ids = {
    C,
    sport: sport.id,
    library: library.id,
    food: food.id,
    hidden: hidden.id,
    pending: pending.id,
    denied: denied.id,
    noPlace: noPlace.id,
    otherCentre: otherCentre.id,
    ofOther: ofOther.id,
    published,
    draft,
    closed,
    bOrg: other.id,
  };
  const second = await createOrganization(db, shared.tenant.id, {
    type: "VolunteerCenter",
    name: "Tweede Centrum",
  });
  const inFirst = await createOrganization(db, shared.tenant.id, {
    name: "Koor Eerste",
    volunteerCenterId: shared.center.id,
  });
  const inSecond = await createOrganization(db, shared.tenant.id, {
    name: "Koor Tweede",
    volunteerCenterId: second.id,
  });
  sharedIds = { second: second.id, inFirst: inFirst.id, inSecond: inSecond.id };
});
afterAll(() => t.close());

type TDoc = {
  data: {
    id: string;
    type: string;
    attributes: Record<string, unknown>;
    relationships?: Record<string, { data: unknown }>;
  }[];
  included?: { id: string; type: string; attributes: Record<string, unknown> }[];
  meta?: { pagination: { records: number; next?: number; current: number } };
  errors?: unknown[];
};

const get = (url: string, tenant = a.tenant.slug, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "GET",
    url: `/api/v1${url}`,
    headers: { "x-tenant": tenant, ...headers },
  });
const list = async (query = "", tenant = a.tenant.slug, headers: Record<string, string> = {}) => {
  const res = await get(`/social_map${query}`, tenant, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TDoc;
};
const idList = (doc: TDoc) => doc.data.map((d) => Number(d.id));

describe("GET /api/v1/social_map", () => {
  it("lists the approved, visible organisations of the site's centre, the centre itself included, by name, signed out", async () => {
    const doc = await list();
    expect(idList(doc)).toEqual([ids.library, ids.C, ids.food, ids.sport, ids.noPlace]);
    expect(doc.meta?.pagination.records).toBe(5);
  });

  it("never lists pending, denied or hidden organisations, another centre's (no sharing) or another tenant's", async () => {
    const found = idList(await list("?page[size]=1000"));
    for (const id of [
      ids.pending,
      ids.denied,
      ids.hidden,
      ids.otherCentre,
      ids.ofOther,
      ids.bOrg,
    ]) {
      expect(found).not.toContain(id);
    }
  });

  it("answers another centre of the tenant when the site is that centre's (Volunteer-Center-Id)", async () => {
    const found = idList(
      await list("", a.tenant.slug, { "volunteer-center-id": String(ids.otherCentre) }),
    );
    expect(found.sort()).toEqual([ids.otherCentre, ids.ofOther].sort());
  });

  it("lists every centre's organisations on a tenant that shares centres", async () => {
    const found = idList(await list("", shared.tenant.slug));
    expect(found.sort((x, y) => x - y)).toEqual(
      [shared.center.id, sharedIds.second, sharedIds.inFirst, sharedIds.inSecond].sort(
        (x, y) => x - y,
      ),
    );
  });

  it("gives the marker attributes: name, type, summary, city, latitude, longitude, logo", async () => {
    const doc = await list(`?filter[id]=${ids.sport}`);
    expect(doc.data[0].type).toBe("organization");
    expect(doc.data[0].attributes).toMatchObject({
      name: "Voetbalvereniging Wezep",
      type: "Organization",
      summary: "Voetbal voor jong en oud",
      city: "Wezep",
      latitude: 52.46,
      longitude: 6.0,
      logo_url: null,
    });
    expect(doc.data[0].attributes).not.toHaveProperty("status");
  });

  it("filter[q] finds words in the name or the summary, case-insensitively, with wildcards taken literally", async () => {
    expect(idList(await list("?filter[q]=bibliotheek"))).toEqual([ids.library]);
    expect(idList(await list("?filter[q]=GEZINNEN"))).toEqual([ids.food]);
    expect(idList(await list("?filter[q]=%25"))).toEqual([]);
  });

  it("filter[tags] takes slugs, any of them", async () => {
    expect(idList(await list("?filter[tags]=sport"))).toEqual([ids.sport]);
    expect(idList(await list("?filter[tags]=sport,zorg")).sort()).toEqual(
      [ids.sport, ids.food].sort(),
    );
    expect(idList(await list("?filter[tags]=onbekend"))).toEqual([]);
  });

  it("filter[type] narrows to the types given; an unknown type is a 400", async () => {
    expect(idList(await list("?filter[type]=School"))).toEqual([ids.library]);
    expect(idList(await list("?filter[type]=VolunteerCenter"))).toEqual([ids.C]);
    expect((await get("/social_map?filter[type]=Club")).statusCode).toBe(400);
  });

  it("filter[bbox] keeps those whose coordinates lie inside, and none without coordinates", async () => {
    const wezep = idList(await list("?filter[bbox]=5.95,52.40,6.05,52.48"));
    expect(wezep).toEqual([ids.sport]);
    const around = idList(await list("?filter[bbox]=5.8,52.4,6.2,52.6"));
    expect(around.sort()).toEqual([ids.C, ids.sport, ids.library, ids.food].sort());
    expect(around).not.toContain(ids.noPlace);
  });

  it.each(["1,2,3", "a,b,c,d", "6.1,52,6.0,53", "5,53,6,52", "200,52,201,53", "5,,6,53"])(
    "filter[bbox]=%s is a 400",
    async (bbox) => {
      const res = await get(`/social_map?filter[bbox]=${bbox}`);
      expect(res.statusCode).toBe(400);
    },
  );

  it("refuses an unknown filter, and an unknown include, with a 400", async () => {
    expect((await get("/social_map?filter[status]=pending")).statusCode).toBe(400);
    expect((await get("/social_map?include=roles")).statusCode).toBe(400);
  });

  it("pages by name with JSON:API meta and links, up to 1000 a page", async () => {
    const first = await list("?page[size]=2");
    expect(first.data).toHaveLength(2);
    expect(first.meta?.pagination).toMatchObject({ current: 1, next: 2, records: 5 });
    const second = await list("?page[size]=2&page[number]=2");
    const third = await list("?page[size]=2&page[number]=3");
    const all = [...idList(first), ...idList(second), ...idList(third)];
    expect(new Set(all).size).toBe(5);
    expect(idList(await list("?page[size]=5000"))).toHaveLength(5);
  });

  it("includes tags, address and profile", async () => {
    const doc = await list(`?filter[id]=${ids.sport}&include=tags,address,profile`);
    const types = (doc.included ?? []).map((r) => r.type).sort();
    expect(types).toEqual(["address", "organization_profile", "tag"]);
    const tagRow = doc.included!.find((r) => r.type === "tag")!;
    expect(tagRow.attributes).toEqual({
      name: "Sport",
      slug: "sport",
      name_en: null,
      archived: false,
    });
    const profileRow = doc.included!.find((r) => r.type === "organization_profile")!;
    expect(profileRow.attributes).toMatchObject({
      summary: "Voetbal voor jong en oud",
      social_map_visible: true,
    });
  });

  it("includes only published, open vacancies", async () => {
    const doc = await list(`?filter[id]=${ids.sport}&include=vacancies`);
    const vacancyIds = (doc.included ?? [])
      .filter((r) => r.type === "vacancy")
      .map((r) => Number(r.id));
    expect(vacancyIds).toEqual([ids.published]);
  });

  it("filter[id] of a hidden, pending or other tenant's organisation finds nothing", async () => {
    for (const id of [ids.hidden, ids.pending, ids.denied, ids.bOrg, ids.ofOther]) {
      expect(idList(await list(`?filter[id]=${id}`))).toEqual([]);
    }
    expect((await get("/social_map?filter[id]=abc")).statusCode).toBe(400);
  });

  it("answers another tenant's organisations under its own X-Tenant only", async () => {
    const found = idList(await list("", b.tenant.slug));
    expect(found).toContain(ids.bOrg);
    expect(found).not.toContain(ids.sport);
  });
});

describe("GET /api/v1/organizations/:id include=tags,vacancies", () => {
  it("includes the organisation's tags and its published, open vacancies, signed out", async () => {
    const res = await get(`/organizations/${ids.sport}?include=profile,tags,vacancies`);
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json() as {
      data: { relationships: Record<string, { data: { id: string }[] }> };
      included: { type: string; id: string }[];
    };
    expect(doc.data.relationships.vacancies.data.map((v) => Number(v.id))).toEqual([ids.published]);
    expect(doc.data.relationships.tags.data).toHaveLength(1);
    expect(doc.included.map((r) => r.type).sort()).toEqual([
      "organization_profile",
      "tag",
      "vacancy",
    ]);
  });

  it("still 404s another tenant's organisation", async () => {
    expect((await get(`/organizations/${ids.bOrg}?include=tags`)).statusCode).toBe(404);
  });
});
