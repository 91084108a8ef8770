import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { contentPages, images, newsArticles } from "../../../backend/db/schema";
import { createContentPage, createNewsArticle } from "./content-factories";
import { createTenantWithCenter } from "./factories";
import {
  aimed,
  byId,
  byIdPublic,
  bySession,
  defaultRefusal,
  doc,
  home,
  idsOf,
  sameAsHome,
  send,
  type TCall,
  type TProbe,
} from "./permission-probes";
import type { TColumn } from "./permissions-doc";

/**
 * Request builders for writing news, content pages and images (docs/content-writes.md).
 * Every cell gets its own article or page. The frozen world (the other tenant) is never
 * written to: what a cell aims at there is a third tenant's, as foreign to the caller.
 */

const unique = () => randomBytes(4).toString("hex");
type TPlace = { tenantId: number; centre: number };
const thirds = new Map<number, Promise<TPlace>>();

/** Where a cell writes: its own world, or a third tenant when the target is the frozen one. */
export async function placeOf(call: TCall): Promise<TPlace> {
  if (!call.target.frozen) return { tenantId: call.target.tenant.id, centre: call.target.C };
  let found = thirds.get(call.target.tenant.id);
  if (!found) {
    found = createTenantWithCenter(call.t.database.db).then((made) => ({
      tenantId: made.tenant.id,
      centre: made.center.id,
    }));
    thirds.set(call.target.tenant.id, found);
  }
  return found;
}

async function freshArticle(call: TCall, status: "draft" | "published") {
  const where = await placeOf(call);
  return (
    await createNewsArticle(call.t.database.db, where.tenantId, {
      volunteerCenterId: where.centre,
      status,
      title: `Walk ${unique()}`,
    })
  ).id;
}

async function freshPage(call: TCall, status: "draft" | "published") {
  const where = await placeOf(call);
  return (await createContentPage(call.t.database.db, where.tenantId, { status })).id;
}

async function articleRow(call: TCall, id: number) {
  const db = call.t.database.db;
  const [row] = await db.select().from(newsArticles).where(eq(newsArticles.id, id));
  return row;
}
async function pageRow(call: TCall, id: number) {
  const [row] = await call.t.database.db.select().from(contentPages).where(eq(contentPages.id, id));
  return row;
}

/** An id in the body that is another tenant's is not found: 422 ([other-tenant-body]). */
const inBody = (column: TColumn) => (column === "signed out" ? 401 : 422);
/** Aimed at the other tenant, the request goes under its X-Tenant (no centre id to swap). */
export const target = (call: TCall) => (call.target === call.home ? home(call) : aimed(call));

const PNG = sharp({ create: { width: 4, height: 4, channels: 3, background: "#3a6" } })
  .png()
  .toBuffer();

export const CONTENT_WRITE_PROBES: Record<string, TProbe> = {
  "news_articles.list_managed | the news of C, drafts included": {
    async run(call) {
      const id = await freshArticle(call, "draft");
      const res = await send(call, "GET", "/managed_news_articles?page[size]=1000", home(call));
      return { status: res.statusCode, reached: idsOf(res).includes(id) };
    },
    // An admin of D lists D's news (200), without C's.
    refused: (column) => (column === "admin of D" ? 200 : defaultRefusal(column)),
    cross: sameAsHome,
    note: "[scoped-list]",
  },
  "news_articles.create | a news article of C": {
    async run(call) {
      const where = await placeOf(call);
      const title = `Nieuws ${unique()}`;
      const res = await send(
        call,
        "POST",
        "/news_articles",
        home(call),
        doc("news_articles", { title, volunteer_center_id: where.centre }),
      );
      const rows = await call.t.database.db.$count(newsArticles, eq(newsArticles.title, title));
      return { status: res.statusCode, reached: rows > 0 };
    },
    cross: inBody,
    note: "[other-tenant-body]",
  },
  "news_articles.update | a news article of C": {
    async run(call) {
      const id = await freshArticle(call, "published");
      const title = `Anders ${unique()}`;
      const res = await send(
        call,
        "PATCH",
        `/news_articles/${id}`,
        home(call),
        doc("news_articles", { title }, id),
      );
      return { status: res.statusCode, reached: (await articleRow(call, id))?.title === title };
    },
    cross: byId,
  },
  "news_articles.delete | a news article of C": {
    async run(call) {
      const id = await freshArticle(call, "published");
      const res = await send(call, "DELETE", `/news_articles/${id}`, home(call));
      return { status: res.statusCode, reached: (await articleRow(call, id)) === undefined };
    },
    cross: byId,
  },
  "content_pages.list_managed | the tenant's pages, drafts included": {
    async run(call) {
      const id = await freshPage(call, "draft");
      const res = await send(call, "GET", "/managed_content_pages?page[size]=1000", home(call));
      return { status: res.statusCode, reached: idsOf(res).includes(id) };
    },
    cross: sameAsHome,
  },
  "content_pages.create | a content page of the tenant": {
    async run(call) {
      const title = `Pagina ${unique()}`;
      const res = await send(
        call,
        "POST",
        "/content_pages",
        target(call),
        doc("content_pages", { title }),
      );
      const [row] = await call.t.database.db
        .select({ tenantId: contentPages.tenantId })
        .from(contentPages)
        .where(eq(contentPages.title, title));
      return { status: res.statusCode, reached: row?.tenantId === call.target.tenant.id };
    },
    cross: bySession,
  },
  "content_pages.update | a content page of the tenant": {
    async run(call) {
      const id = await freshPage(call, "published");
      const title = `Anders ${unique()}`;
      const res = await send(
        call,
        "PATCH",
        `/content_pages/${id}`,
        home(call),
        doc("content_pages", { title }, id),
      );
      return { status: res.statusCode, reached: (await pageRow(call, id))?.title === title };
    },
    cross: byId,
  },
  "content_pages.delete | a content page of the tenant": {
    async run(call) {
      const id = await freshPage(call, "published");
      const res = await send(call, "DELETE", `/content_pages/${id}`, home(call));
      return { status: res.statusCode, reached: (await pageRow(call, id)) === undefined };
    },
    cross: byId,
  },
  "images.create | an image of the tenant": {
    async run(call) {
      const before = await call.t.database.db.$count(
        images,
        eq(images.tenantId, call.target.tenant.id),
      );
      const res = await call.t.app.inject({
        method: "POST",
        url: "/api/v1/images",
        headers: { ...target(call), "content-type": "image/png" },
        payload: await PNG,
      });
      const after = await call.t.database.db.$count(
        images,
        eq(images.tenantId, call.target.tenant.id),
      );
      return { status: res.statusCode, reached: after > before };
    },
    cross: bySession,
  },
  "images.read | an uploaded image": {
    async run(call) {
      const where = await placeOf(call);
      const key = `images/${where.tenantId}/walk-${unique()}.png`;
      const bytes = await PNG;
      await call.t.app.storage.put(key, bytes, "image/png");
      const [row] = await call.t.database.db
        .insert(images)
        .values({
          tenantId: where.tenantId,
          storageKey: key,
          contentType: "image/png",
          byteSize: bytes.length,
          width: 4,
          height: 4,
        })
        .returning({ id: images.id });
      const res = await call.t.app.inject({
        method: "GET",
        url: `/api/v1/images/${row.id}`,
        headers: home(call),
      });
      return {
        status: res.statusCode,
        reached: res.statusCode === 200 && res.rawPayload.equals(bytes),
      };
    },
    cross: byIdPublic,
  },
};
