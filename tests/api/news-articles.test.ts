import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app";
import { createNewsArticle } from "./support/content-factories";
import {
  createOrganization,
  createPublicTenants,
  type createTenantWithCenter,
} from "./support/factories";

// GET /api/v1/news_articles(/:id) (docs/content-pages.md): published news of the visitor's
// centres, newest first; drafts, scheduled articles, other centres without sharing and
// other tenants are never seen.

let t: TestApp;
type TSetup = Awaited<ReturnType<typeof createTenantWithCenter>>;
let a: TSetup;
let shared: TSetup;
let b: TSetup;
let second: number;
let sharedSecond: number;
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const art: Record<string, { id: number; slug: string }> = {};

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" });
  const db = t.database.db;
  ({ a, b, shared } = await createPublicTenants(db));
  second = (await createOrganization(db, a.tenant.id, { type: "VolunteerCenter" })).id;
  sharedSecond = (await createOrganization(db, shared.tenant.id, { type: "VolunteerCenter" })).id;
  const make = async (
    key: string,
    tenantId: number,
    attrs: Parameters<typeof createNewsArticle>[2],
  ) => {
    const row = await createNewsArticle(db, tenantId, attrs);
    art[key] = { id: row.id, slug: row.slug };
  };
  const c = a.center.id;
  await make("old", a.tenant.id, {
    volunteerCenterId: c,
    title: "Oud nieuws",
    publishedAt: ago(30),
  });
  await make("mid", a.tenant.id, {
    volunteerCenterId: c,
    title: "Collecte voor de voedselbank",
    summary: "Help mee met 50% korting",
    publishedAt: ago(10),
  });
  await make("new", a.tenant.id, {
    volunteerCenterId: c,
    title: "Nieuwe vacatures",
    publishedAt: ago(1),
  });
  await make("draft", a.tenant.id, { volunteerCenterId: c, title: "Concept", status: "draft" });
  await make("future", a.tenant.id, {
    volunteerCenterId: c,
    title: "Straks",
    publishedAt: new Date(Date.now() + 5 * DAY),
  });
  await make("otherCentre", a.tenant.id, { volunteerCenterId: second, title: "Andere centrale" });
  await make("b", b.tenant.id, { volunteerCenterId: b.center.id, title: "Van B" });
  await make("sharedOwn", shared.tenant.id, {
    volunteerCenterId: shared.center.id,
    title: "Eigen",
  });
  await make("sharedPartner", shared.tenant.id, {
    volunteerCenterId: sharedSecond,
    title: "Partner",
  });
});
afterAll(() => t.close());

const get = (url: string, tenant: TSetup = a, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "GET",
    url: `/api/v1${url}`,
    headers: { "x-tenant": tenant.tenant.slug, ...headers },
  });
type TItem = { id: string; type: string; attributes: Record<string, unknown> };
const titles = (body: { data: TItem[] }) => body.data.map((d) => d.attributes.title);

describe("GET /api/v1/news_articles", () => {
  it("lists the site centre's published articles newest first, signed out, without drafts, scheduled ones or another centre's", async () => {
    const res = await get("/news_articles");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(titles(body)).toEqual([
      "Nieuwe vacatures",
      "Collecte voor de voedselbank",
      "Oud nieuws",
    ]);
    expect(body.data[0].type).toBe("news_article");
    expect(body.data[0].attributes).not.toHaveProperty("body");
    expect(Object.keys(body.data[0].attributes)).toEqual(
      expect.arrayContaining([
        "slug",
        "locale",
        "summary",
        "image_url",
        "published_at",
        "updated_at",
      ]),
    );
    expect(body.meta.pagination).toEqual({ current: 1, records: 3 });
  });

  it("shows the other centre's news to a visitor of that centre's site (Volunteer-Center-Id)", async () => {
    const res = await get("/news_articles", a, { "volunteer-center-id": String(second) });
    expect(titles(res.json())).toEqual(["Andere centrale"]);
  });

  it("lists every centre's news where the tenant shares centres, and includes the centre", async () => {
    const res = await get("/news_articles?include=volunteer_center", shared);
    const body = res.json();
    expect(titles(body).sort()).toEqual(["Eigen", "Partner"]);
    const centreIds = body.included.map((i: TItem) => Number(i.id)).sort();
    expect(centreIds).toEqual([shared.center.id, sharedSecond].sort());
    expect(body.included[0].type).toBe("volunteer_center");
  });

  it("pages with page[size] and page[number], with links", async () => {
    const first = (await get("/news_articles?page[size]=2")).json();
    expect(titles(first)).toEqual(["Nieuwe vacatures", "Collecte voor de voedselbank"]);
    expect(first.meta.pagination).toMatchObject({ current: 1, next: 2, last: 2, records: 3 });
    expect(first.links.next).toContain("page[number]=2");
    const next = (await get("/news_articles?page[size]=2&page[number]=2")).json();
    expect(titles(next)).toEqual(["Oud nieuws"]);
  });

  it("filters by words in the title or summary with filter[q], wildcards taken literally", async () => {
    expect(titles((await get("/news_articles?filter[q]=voedselBANK")).json())).toEqual([
      "Collecte voor de voedselbank",
    ]);
    expect(titles((await get("/news_articles?filter[q]=50%25")).json())).toEqual([
      "Collecte voor de voedselbank",
    ]);
    expect(titles((await get("/news_articles?filter[q]=v_edselbank")).json())).toEqual([]);
    expect(titles((await get("/news_articles?filter[q]=Concept")).json())).toEqual([]);
  });

  it("refuses an unknown filter or sort with 400", async () => {
    expect((await get("/news_articles?filter[status_eq]=draft")).statusCode).toBe(400);
    expect((await get("/news_articles?sort=title")).statusCode).toBe(400);
  });

  it("never lists another tenant's articles", async () => {
    expect(titles((await get("/news_articles", b)).json())).toEqual(["Van B"]);
    expect(titles((await get("/news_articles?page[size]=100")).json())).not.toContain("Van B");
  });
});

describe("GET /api/v1/news_articles/:id", () => {
  it("answers a published article by id and by slug, with its body", async () => {
    for (const key of [String(art.mid.id), art.mid.slug]) {
      const res = await get(`/news_articles/${key}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data.id).toBe(String(art.mid.id));
      expect(body.data.attributes.body).toBe("<p>Het hele bericht.</p>");
      expect(body.data.relationships.volunteer_center.data).toEqual({
        id: String(a.center.id),
        type: "volunteer_center",
      });
    }
  });

  it("is 404 for a draft, a scheduled article and another centre's without sharing", async () => {
    for (const key of ["draft", "future", "otherCentre"]) {
      for (const ref of [String(art[key].id), art[key].slug]) {
        const res = await get(`/news_articles/${ref}`);
        expect(res.statusCode, `${key} ${ref}`).toBe(404);
        expect(res.json().errors[0].status).toBe("404");
      }
    }
  });

  it("is 404 for another tenant's article by id and by slug, and for an unknown key", async () => {
    for (const ref of [String(art.b.id), art.b.slug, "bestaat-niet", "0", "99999999999"]) {
      const res = await get(`/news_articles/${ref}`);
      expect(res.statusCode, ref).toBe(404);
      expect(res.body).not.toContain("Van B");
    }
  });

  it("answers a partner centre's article where the tenant shares centres", async () => {
    const res = await get(`/news_articles/${art.sharedPartner.slug}`, shared);
    expect(res.statusCode).toBe(200);
  });
});
