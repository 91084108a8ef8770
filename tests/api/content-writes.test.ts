import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { parseFragment, serialize } from "parse5";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditEvents,
  contentPages,
  contentSlugRedirects,
  newsArticles,
} from "../../backend/db/schema";
import { createTestApp, type TestApp } from "./support/app";
import { createContentPage, createNewsArticle } from "./support/content-factories";
import {
  addRole,
  createOrganization,
  createTenantWithCenter,
  createUser,
} from "./support/factories";
import { signedIn } from "./support/resources";
import { CORPUS, problems } from "./support/xss-corpus";

// Writing news articles and content pages (docs/content-writes.md): POST, PATCH, DELETE and
// the managed lists, who may, the XSS corpus through the save path, slugs made and kept,
// publication and scheduling as the public reads see them, and old slugs that lead on.

type TPerson = { id: number; headers: Record<string, string> };
type TTenant = { id: number; slug: string };

let t: TestApp;
let tenant: TTenant;
let C: number;
let D: number;
let adminC: TPerson;
let adminD: TPerson;
let superadmin: TPerson;
let member: TPerson;
let volunteer: TPerson;
let foreign: TPerson;
let foreignCentre: number;
let foreignArticle: number;
let foreignPage: number;

async function person(
  where: TTenant,
  role?: Parameters<typeof addRole>[3],
  resource?: Parameters<typeof addRole>[4],
): Promise<TPerson> {
  const db = t.database.db;
  const user = await createUser(db, where.id);
  if (role) await addRole(db, where.id, user.id, role, resource);
  return { id: user.id, headers: await signedIn(db, where, user.id) };
}

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" });
  const db = t.database.db;
  const made = await createTenantWithCenter(db);
  tenant = made.tenant;
  C = made.center.id;
  D = (await createOrganization(db, tenant.id, { type: "VolunteerCenter", name: "Centre D" })).id;
  const O = (await createOrganization(db, tenant.id, { volunteerCenterId: C })).id;
  adminC = await person(tenant, "admin", { type: "Organization", id: C });
  adminD = await person(tenant, "admin", { type: "Organization", id: D });
  superadmin = await person(tenant, "superadmin");
  member = await person(tenant, "member", { type: "Organization", id: O });
  volunteer = await person(tenant, "volunteer");
  const elsewhere = await createTenantWithCenter(db);
  foreign = await person(elsewhere.tenant, "superadmin");
  foreignCentre = elsewhere.center.id;
  foreignArticle = (
    await createNewsArticle(db, elsewhere.tenant.id, { volunteerCenterId: elsewhere.center.id })
  ).id;
  foreignPage = (await createContentPage(db, elsewhere.tenant.id)).id;
});
afterAll(() => t.close());

const json = { "content-type": "application/vnd.api+json" };
const call = (
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  headers: Record<string, string>,
  body?: unknown,
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: body === undefined ? headers : { ...headers, ...json },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
const doc = (type: string, attributes: Record<string, unknown>, id?: number) => ({
  data: { type, ...(id === undefined ? {} : { id: String(id) }), attributes },
});
const visitor = () => ({ "x-tenant": tenant.slug, "volunteer-center-id": String(C) });

async function article(id: number) {
  const [row] = await t.database.db.select().from(newsArticles).where(eq(newsArticles.id, id));
  return row;
}
async function page(id: number) {
  const [row] = await t.database.db.select().from(contentPages).where(eq(contentPages.id, id));
  return row;
}
async function auditOf(type: "NewsArticle" | "ContentPage", id: number) {
  return t.database.db
    .select({ action: auditEvents.action, details: auditEvents.details })
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectType, type), eq(auditEvents.subjectId, id)))
    .orderBy(auditEvents.id);
}
async function newArticle(attributes: Record<string, unknown>, who = adminC) {
  const res = await call("POST", "/news_articles", who.headers, doc("news_articles", attributes));
  expect(res.statusCode, res.body).toBe(201);
  return Number(res.json().data.id);
}

describe("POST /api/v1/news_articles", () => {
  it("writes a draft of the site's centre with a slug from the title, and audits it", async () => {
    const res = await call(
      "POST",
      "/news_articles",
      { ...adminC.headers, "volunteer-center-id": String(C) },
      doc("news_articles", {
        title: "Café open: Één dag!",
        summary: "Kom langs",
        body: "<p>Hoi</p>",
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const attrs = res.json().data.attributes;
    expect(attrs).toMatchObject({
      slug: "cafe-open-een-dag",
      status: "draft",
      locale: "nl",
      volunteer_center_id: C,
      author_id: adminC.id,
      published_at: null,
      body: "<p>Hoi</p>",
    });
    const id = Number(res.json().data.id);
    expect((await auditOf("NewsArticle", id)).map((e) => e.action)).toEqual([
      "news_article_created",
    ]);
    // A draft is not public.
    const read = await call("GET", "/news_articles/cafe-open-een-dag", visitor());
    expect(read.statusCode).toBe(404);
    // The same title again: the next free slug.
    const again = await newArticle({ title: "Café open: één dag!", volunteer_center_id: C });
    expect((await article(again)).slug).toBe("cafe-open-een-dag-2");
  });

  it("makes a slug from a long or all-digit title that the form can send back", async () => {
    const title = "Een heel lange titel ".repeat(8).trim();
    const first = await newArticle({ title, volunteer_center_id: C });
    const second = await newArticle({ title, volunteer_center_id: C });
    const digits = await newArticle({ title: "2025", volunteer_center_id: C });
    expect((await article(digits)).slug).toBe("item-2025");
    for (const id of [first, second]) {
      const { slug } = await article(id);
      expect(slug.length).toBeLessThanOrEqual(80);
      const res = await call(
        "PATCH",
        `/news_articles/${id}`,
        adminC.headers,
        doc("news_articles", { slug, title }, id),
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await article(second)).slug).toBe(`${(await article(first)).slug}-2`);
  });

  it("publishes now without a date, and schedules with a date to come", async () => {
    const now = await newArticle({ title: "Nu live", status: "published", volunteer_center_id: C });
    expect((await article(now)).publishedAt).not.toBeNull();
    expect((await call("GET", `/news_articles/${now}`, visitor())).statusCode).toBe(200);
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const scheduled = await newArticle({
      title: "Straks live",
      status: "published",
      published_at: later,
      volunteer_center_id: C,
    });
    expect((await article(scheduled)).publishedAt?.toISOString()).toBe(later);
    expect((await call("GET", `/news_articles/${scheduled}`, visitor())).statusCode).toBe(404);
    const list = await call("GET", "/news_articles?page[size]=100", visitor());
    const ids = list.json().data.map((d: { id: string }) => Number(d.id));
    expect(ids).toContain(now);
    expect(ids).not.toContain(scheduled);
  });

  it("refuses a slug in use, an all-digit slug, unknown attributes and a missing title", async () => {
    const first = await newArticle({ title: "Uniek", slug: "uniek", volunteer_center_id: C });
    expect(first).toBeGreaterThan(0);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "Ander", slug: "uniek", volunteer_center_id: C }, "/data/attributes/slug"],
      [{ title: "Cijfers", slug: "2024", volunteer_center_id: C }, "/data/attributes/slug"],
      [{ title: "X", volunteer_center_id: C, bogus: 1 }, "/data/attributes"],
      [{ volunteer_center_id: C }, "/data/attributes/title"],
      [
        { title: "X", volunteer_center_id: C, image_url: "javascript:alert(1)" },
        "/data/attributes/image_url",
      ],
      [{ title: "X", volunteer_center_id: C, image_id: 999999 }, "/data/attributes/image_id"],
    ];
    const before = await t.database.db.$count(newsArticles);
    for (const [attributes, pointer] of cases) {
      const res = await call(
        "POST",
        "/news_articles",
        adminC.headers,
        doc("news_articles", attributes),
      );
      expect(res.statusCode, JSON.stringify(attributes)).toBe(422);
      expect(res.json().errors[0].source.pointer).toContain(pointer);
    }
    expect(await t.database.db.$count(newsArticles)).toBe(before);
  });

  it("lets only the centre's admins and superadmins write its news", async () => {
    const body = doc("news_articles", { title: "Wie mag", volunteer_center_id: C });
    expect(
      (await call("POST", "/news_articles", { "x-tenant": tenant.slug }, body)).statusCode,
    ).toBe(401);
    for (const who of [volunteer, member, adminD]) {
      expect((await call("POST", "/news_articles", who.headers, body)).statusCode).toBe(403);
    }
    expect((await call("POST", "/news_articles", superadmin.headers, body)).statusCode).toBe(201);
    // Another tenant's centre in the body is not there: 422, for a superadmin too.
    const foreignBody = doc("news_articles", {
      title: "Elders",
      volunteer_center_id: foreignCentre,
    });
    const res = await call("POST", "/news_articles", superadmin.headers, foreignBody);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].source.pointer).toBe("/data/attributes/volunteer_center_id");
  });
});

describe("PATCH and DELETE /api/v1/news_articles/:id", () => {
  it("changes what differs, audits the changed names, and writes nothing for a repeat", async () => {
    const id = await newArticle({ title: "Eerste", volunteer_center_id: C });
    const res = await call(
      "PATCH",
      `/news_articles/${id}`,
      adminC.headers,
      doc("news_articles", { title: "Tweede", summary: "Kort" }, id),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attributes).toMatchObject({
      title: "Tweede",
      summary: "Kort",
      slug: "eerste",
    });
    await call(
      "PATCH",
      `/news_articles/${id}`,
      adminC.headers,
      doc("news_articles", { title: "Tweede" }, id),
    );
    expect((await auditOf("NewsArticle", id)).map((e) => [e.action, e.details])).toEqual([
      ["news_article_created", {}],
      ["news_article_updated", { changed: ["title", "summary"] }],
    ]);
  });

  it("refuses other centres' admins, moves between centres only for the admin of both", async () => {
    const id = await newArticle({ title: "Verhuizen", volunteer_center_id: C });
    const move = doc("news_articles", { volunteer_center_id: D }, id);
    expect((await call("PATCH", `/news_articles/${id}`, adminD.headers, move)).statusCode).toBe(
      403,
    );
    expect((await call("PATCH", `/news_articles/${id}`, adminC.headers, move)).statusCode).toBe(
      403,
    );
    expect((await article(id)).volunteerCenterId).toBe(C);
    expect((await call("PATCH", `/news_articles/${id}`, superadmin.headers, move)).statusCode).toBe(
      200,
    );
    expect((await article(id)).volunteerCenterId).toBe(D);
    expect((await call("DELETE", `/news_articles/${id}`, adminC.headers)).statusCode).toBe(403);
    expect((await call("DELETE", `/news_articles/${id}`, adminD.headers)).statusCode).toBe(204);
    expect(await article(id)).toBeUndefined();
    expect((await auditOf("NewsArticle", id)).map((e) => e.action).at(-1)).toBe(
      "news_article_deleted",
    );
  });

  it("answers 404 for another tenant's article and leaves it be", async () => {
    const body = doc("news_articles", { title: "Gekaapt" }, foreignArticle);
    expect(
      (await call("PATCH", `/news_articles/${foreignArticle}`, superadmin.headers, body))
        .statusCode,
    ).toBe(404);
    expect(
      (await call("DELETE", `/news_articles/${foreignArticle}`, superadmin.headers)).statusCode,
    ).toBe(404);
    expect((await article(foreignArticle))?.title).not.toBe("Gekaapt");
  });

  it("stores the editor's HTML only after sanitising, for every payload of the XSS corpus", async () => {
    const id = await newArticle({ title: "XSS", volunteer_center_id: C });
    const payload = fc.oneof(
      fc.constantFrom(...CORPUS),
      fc
        .tuple(fc.constantFrom(...CORPUS), fc.constantFrom(...CORPUS), fc.string({ maxLength: 20 }))
        .map(([a, b, text]) => `<p>${text}${a}</p>${b}`),
    );
    await fc.assert(
      fc.asyncProperty(payload, async (html) => {
        const res = await call(
          "PATCH",
          `/news_articles/${id}`,
          adminC.headers,
          doc("news_articles", { body: html }, id),
        );
        expect(res.statusCode, res.body).toBe(200);
        const saved = (await article(id)).body ?? "";
        expect(problems(saved), saved).toEqual([]);
        expect(problems(serialize(parseFragment(saved))), saved).toEqual([]);
        expect(res.json().data.attributes.body).toBe(saved || null);
      }),
      { numRuns: Math.max(CORPUS.length, 100), seed: 20261126 },
    );
    for (const html of CORPUS) {
      await call(
        "PATCH",
        `/news_articles/${id}`,
        adminC.headers,
        doc("news_articles", { body: html }, id),
      );
      expect(problems((await article(id)).body ?? ""), html).toEqual([]);
    }
  });
});

describe("old slugs", () => {
  it("a published article renamed keeps answering by its old slugs, with redirect_to", async () => {
    const id = await newArticle({
      title: "Zomerfeest",
      status: "published",
      volunteer_center_id: C,
    });
    const rename = (slug: string) =>
      call("PATCH", `/news_articles/${id}`, adminC.headers, doc("news_articles", { slug }, id));
    expect((await rename("zomerfeest-2027")).statusCode).toBe(200);
    expect((await rename("zomerfeest-in-het-park")).statusCode).toBe(200);
    for (const old of ["zomerfeest", "zomerfeest-2027"]) {
      const res = await call("GET", `/news_articles/${old}`, visitor());
      expect(res.statusCode, old).toBe(200);
      expect(res.json().data.id).toBe(String(id));
      expect(res.json().meta).toEqual({ redirect_to: "zomerfeest-in-het-park" });
    }
    const live = await call("GET", "/news_articles/zomerfeest-in-het-park", visitor());
    expect(live.json().meta).toBeUndefined();
    // A new article may take an old slug: the live one wins, the old one leads nowhere else.
    const taker = await newArticle({
      title: "Zomerfeest",
      slug: "zomerfeest",
      status: "published",
      volunteer_center_id: C,
    });
    const res = await call("GET", "/news_articles/zomerfeest", visitor());
    expect(res.json().data.id).toBe(String(taker));
    expect(res.json().meta).toBeUndefined();
    // Deleting the article takes its old slugs with it.
    expect((await call("DELETE", `/news_articles/${id}`, adminC.headers)).statusCode).toBe(204);
    expect((await call("GET", "/news_articles/zomerfeest-2027", visitor())).statusCode).toBe(404);
    expect(
      await t.database.db.$count(contentSlugRedirects, eq(contentSlugRedirects.newsArticleId, id)),
    ).toBe(0);
  });

  it("a draft renamed leaves no old slug", async () => {
    const id = await newArticle({ title: "Concept naam", volunteer_center_id: C });
    await call(
      "PATCH",
      `/news_articles/${id}`,
      adminC.headers,
      doc("news_articles", { slug: "nieuwe-naam" }, id),
    );
    expect(
      await t.database.db.$count(contentSlugRedirects, eq(contentSlugRedirects.newsArticleId, id)),
    ).toBe(0);
  });

  it("a published page renamed answers the list by its old slug with redirect_to", async () => {
    const res = await call(
      "POST",
      "/content_pages",
      adminD.headers,
      doc("content_pages", { title: "Over ons", status: "published", body: "<p>Wij</p>" }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = Number(res.json().data.id);
    expect(res.json().data.attributes.slug).toBe("over-ons");
    await call(
      "PATCH",
      `/content_pages/${id}`,
      adminD.headers,
      doc("content_pages", { slug: "wie-we-zijn" }, id),
    );
    const old = await call(
      "GET",
      "/content_pages?filter[slug]=over-ons&filter[locale]=en",
      visitor(),
    );
    expect(old.statusCode).toBe(200);
    expect(old.json().data.map((d: { id: string }) => d.id)).toEqual([String(id)]);
    expect(old.json().meta).toMatchObject({ redirect_to: "wie-we-zijn" });
    const none = await call("GET", "/content_pages?filter[slug]=nooit-bestaan", visitor());
    expect(none.json().data).toEqual([]);
    expect(none.json().meta.redirect_to).toBeUndefined();
  });
});

describe("content pages", () => {
  it("lets the admins of any centre and superadmins write the tenant's pages", async () => {
    const body = doc("content_pages", { title: "Privacy", locale: "en" });
    for (const who of [volunteer, member]) {
      expect((await call("POST", "/content_pages", who.headers, body)).statusCode).toBe(403);
    }
    const res = await call("POST", "/content_pages", adminC.headers, body);
    expect(res.statusCode).toBe(201);
    const id = Number(res.json().data.id);
    expect((await page(id)).locale).toBe("en");
    // The same slug in the other language is another row; in the same language it is taken.
    const nl = await call(
      "POST",
      "/content_pages",
      adminC.headers,
      doc("content_pages", { title: "Privacy", slug: "privacy" }),
    );
    expect(nl.statusCode).toBe(201);
    const again = await call(
      "POST",
      "/content_pages",
      adminC.headers,
      doc("content_pages", { title: "Privacy", slug: "privacy", locale: "en" }),
    );
    expect(again.statusCode).toBe(422);
    expect(again.json().errors[0].code).toBe("taken");
    const change = doc("content_pages", { title: "Privacyverklaring" }, id);
    expect(
      (await call("PATCH", `/content_pages/${id}`, volunteer.headers, change)).statusCode,
    ).toBe(403);
    expect((await call("PATCH", `/content_pages/${id}`, adminD.headers, change)).statusCode).toBe(
      200,
    );
    expect((await call("DELETE", `/content_pages/${id}`, member.headers)).statusCode).toBe(403);
    expect((await call("DELETE", `/content_pages/${id}`, superadmin.headers)).statusCode).toBe(204);
    expect((await auditOf("ContentPage", id)).map((e) => e.action)).toEqual([
      "content_page_created",
      "content_page_updated",
      "content_page_deleted",
    ]);
    expect(
      (
        await call(
          "PATCH",
          `/content_pages/${foreignPage}`,
          superadmin.headers,
          doc("content_pages", { title: "X" }, foreignPage),
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await call("DELETE", `/content_pages/${foreignPage}`, superadmin.headers)).statusCode,
    ).toBe(404);
  });

  it("sanitises a page's body for the XSS corpus", async () => {
    const res = await call(
      "POST",
      "/content_pages",
      adminC.headers,
      doc("content_pages", { title: "Schoon" }),
    );
    const id = Number(res.json().data.id);
    for (const html of CORPUS) {
      const patched = await call(
        "PATCH",
        `/content_pages/${id}`,
        adminC.headers,
        doc("content_pages", { body: html }, id),
      );
      expect(patched.statusCode, html).toBe(200);
      expect(problems((await page(id)).body ?? ""), html).toEqual([]);
    }
  });
});

describe("the managed lists", () => {
  it("list drafts and scheduled news of the centres the caller administers", async () => {
    const inC = await newArticle({ title: "Lijst C", volunteer_center_id: C });
    const inD = await newArticle({ title: "Lijst D", volunteer_center_id: D }, adminD);
    const ids = async (who: TPerson) => {
      const res = await call("GET", "/managed_news_articles?page[size]=1000", who.headers);
      expect(res.statusCode).toBe(200);
      return res.json().data.map((d: { id: string }) => Number(d.id));
    };
    expect(await ids(adminC)).toContain(inC);
    expect(await ids(adminC)).not.toContain(inD);
    expect(await ids(superadmin)).toEqual(expect.arrayContaining([inC, inD]));
    expect(await ids(foreign)).not.toContain(inC);
    expect((await call("GET", "/managed_news_articles", volunteer.headers)).statusCode).toBe(403);
    expect((await call("GET", "/managed_news_articles", member.headers)).statusCode).toBe(403);
    const drafts = await call(
      "GET",
      "/managed_news_articles?filter[status_eq]=draft&page[size]=1000",
      adminC.headers,
    );
    expect(
      drafts
        .json()
        .data.every((d: { attributes: { status: string } }) => d.attributes.status === "draft"),
    ).toBe(true);
    expect(
      (await call("GET", "/managed_news_articles?filter[status_eq]=bogus", adminC.headers))
        .statusCode,
    ).toBe(400);
  });

  it("lists every page of the tenant in every status", async () => {
    const draft = await createContentPage(t.database.db, tenant.id, {
      status: "draft",
      slug: "concept-pagina",
    });
    const res = await call("GET", "/managed_content_pages?page[size]=1000", adminD.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((d: { id: string }) => Number(d.id))).toContain(draft.id);
    expect((await call("GET", "/managed_content_pages", volunteer.headers)).statusCode).toBe(403);
    const theirs = await call("GET", "/managed_content_pages?page[size]=1000", foreign.headers);
    expect(theirs.json().data.map((d: { id: string }) => Number(d.id))).not.toContain(draft.id);
  });
});
