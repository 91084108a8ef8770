import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app";
import { createContentPage } from "./support/content-factories";
import { createTenantWithCenter } from "./support/factories";

// GET /api/v1/content_pages (docs/content-pages.md): the tenant's published pages; a
// language asked for falls back to the Dutch page.

let t: TestApp;
type TSetup = Awaited<ReturnType<typeof createTenantWithCenter>>;
let a: TSetup;
let b: TSetup;

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" });
  const db = t.database.db;
  a = await createTenantWithCenter(db);
  b = await createTenantWithCenter(db);
  await createContentPage(db, a.tenant.id, { slug: "over-ons", title: "Over ons" });
  await createContentPage(db, a.tenant.id, { slug: "over-ons", title: "About us", locale: "en" });
  await createContentPage(db, a.tenant.id, { slug: "privacy", title: "Privacy" });
  await createContentPage(db, a.tenant.id, { slug: "concept", title: "Concept", status: "draft" });
  await createContentPage(db, a.tenant.id, {
    slug: "alleen-engels-concept",
    title: "Draft in English",
    locale: "en",
    status: "draft",
  });
  await createContentPage(db, a.tenant.id, {
    slug: "straks",
    title: "Straks",
    publishedAt: new Date(Date.now() + 86_400_000),
  });
  await createContentPage(db, b.tenant.id, { slug: "over-ons", title: "Over B" });
  await createContentPage(db, b.tenant.id, { slug: "alleen-b", title: "Alleen B" });
});
afterAll(() => t.close());

const get = (query: string, tenant: TSetup = a) =>
  t.app.inject({
    method: "GET",
    url: `/api/v1/content_pages${query}`,
    headers: { "x-tenant": tenant.tenant.slug },
  });
type TItem = { id: string; type: string; attributes: Record<string, unknown> };
const pages = (body: { data: TItem[] }) =>
  body.data.map((d) => `${d.attributes.slug}/${d.attributes.locale}:${d.attributes.title}`);

describe("GET /api/v1/content_pages", () => {
  it("lists every published page in every language for the sitemap, signed out, no drafts", async () => {
    const res = await get("");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(pages(body)).toEqual([
      "over-ons/en:About us",
      "over-ons/nl:Over ons",
      "privacy/nl:Privacy",
    ]);
    expect(body.data[0].type).toBe("content_page");
    expect(body.data[0].attributes.updated_at).toMatch(/^\d{4}-/);
    expect(body.meta).toEqual({ records: 3 });
  });

  it("answers a page in the language asked for", async () => {
    const body = (await get("?filter[slug]=over-ons&filter[locale]=en")).json();
    expect(pages(body)).toEqual(["over-ons/en:About us"]);
    expect(body.data[0].attributes.body).toBe("<p>De tekst van de pagina.</p>");
  });

  it("falls back to the Dutch page when there is none in the language asked for", async () => {
    expect(pages((await get("?filter[slug]=privacy&filter[locale]=en")).json())).toEqual([
      "privacy/nl:Privacy",
    ]);
    expect(pages((await get("?filter[slug]=over-ons&filter[locale]=nl")).json())).toEqual([
      "over-ons/nl:Over ons",
    ]);
  });

  it("gives one row per page with filter[locale] alone", async () => {
    expect(pages((await get("?filter[locale]=en")).json())).toEqual([
      "over-ons/en:About us",
      "privacy/nl:Privacy",
    ]);
  });

  it("finds nothing for a draft, a scheduled page, an unknown slug or another tenant's page", async () => {
    for (const slug of ["concept", "alleen-engels-concept", "straks", "bestaat-niet", "alleen-b"]) {
      const res = await get(`?filter[slug]=${slug}&filter[locale]=en`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data, slug).toEqual([]);
    }
    expect(pages((await get("?filter[slug]=over-ons", b)).json())).toEqual(["over-ons/nl:Over B"]);
  });

  it("refuses a language it does not know and an unknown filter with 400", async () => {
    expect((await get("?filter[locale]=de")).statusCode).toBe(400);
    expect((await get("?filter[status_eq]=draft")).statusCode).toBe(400);
  });
});
