import { and, eq, inArray, isNotNull, like, ne, type SQL } from "drizzle-orm";
import type { AppDb } from "../db/client";
import {
  contentPages,
  contentSlugRedirects,
  images,
  newsArticles,
  organizations,
  type TContentLocale,
} from "../db/schema";

/**
 * The back office's side of news and content pages (docs/content-writes.md): every status,
 * the slugs in use and the old slugs that still lead to an item.
 */

export type TManagedNewsArticle = typeof newsArticles.$inferSelect;
export type TManagedContentPage = typeof contentPages.$inferSelect;
export type TNewsValues = Omit<
  typeof newsArticles.$inferInsert,
  "id" | "tenantId" | "createdAt" | "updatedAt"
>;
export type TPageValues = Omit<
  typeof contentPages.$inferInsert,
  "id" | "tenantId" | "createdAt" | "updatedAt"
>;

// --- News -------------------------------------------------------------------------------

export async function findManagedNewsArticle(db: AppDb, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(newsArticles)
    .where(and(eq(newsArticles.tenantId, tenantId), eq(newsArticles.id, id)));
  return row ?? null;
}

export async function listManagedNewsArticles(
  db: AppDb,
  tenantId: number,
  params: {
    centerIds: readonly number[];
    where?: SQL;
    orderBy: SQL[];
    limit: number;
    offset: number;
  },
) {
  const where = and(
    eq(newsArticles.tenantId, tenantId),
    inArray(
      newsArticles.volunteerCenterId,
      params.centerIds.length > 0 ? [...params.centerIds] : [-1],
    ),
    params.where,
  );
  const rows = await db
    .select()
    .from(newsArticles)
    .where(where)
    .orderBy(...params.orderBy)
    .limit(params.limit)
    .offset(params.offset);
  const records = await db.$count(newsArticles, where);
  return { rows, records };
}

export async function insertNewsArticle(db: AppDb, tenantId: number, values: TNewsValues) {
  const [row] = await db
    .insert(newsArticles)
    .values({ ...values, tenantId })
    .returning();
  return row;
}

export async function updateNewsArticle(
  db: AppDb,
  tenantId: number,
  id: number,
  values: Partial<TNewsValues>,
) {
  const [row] = await db
    .update(newsArticles)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(newsArticles.tenantId, tenantId), eq(newsArticles.id, id)))
    .returning();
  return row;
}

export async function deleteNewsArticle(db: AppDb, tenantId: number, id: number) {
  await db
    .delete(newsArticles)
    .where(and(eq(newsArticles.tenantId, tenantId), eq(newsArticles.id, id)));
}

/** The article holding `slug` now (not an old slug), other than `exceptId`. */
export async function newsSlugOwner(db: AppDb, tenantId: number, slug: string, exceptId?: number) {
  const [row] = await db
    .select({ id: newsArticles.id })
    .from(newsArticles)
    .where(
      and(
        eq(newsArticles.tenantId, tenantId),
        eq(newsArticles.slug, slug),
        exceptId === undefined ? undefined : ne(newsArticles.id, exceptId),
      ),
    );
  return row?.id;
}

export async function newsSlugsLike(db: AppDb, tenantId: number, base: string) {
  const rows = await db
    .select({ slug: newsArticles.slug })
    .from(newsArticles)
    .where(and(eq(newsArticles.tenantId, tenantId), like(newsArticles.slug, `${base}%`)));
  return rows.map((r) => r.slug);
}

// --- Pages ------------------------------------------------------------------------------

export async function findManagedContentPage(db: AppDb, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(contentPages)
    .where(and(eq(contentPages.tenantId, tenantId), eq(contentPages.id, id)));
  return row ?? null;
}

export async function listManagedContentPages(
  db: AppDb,
  tenantId: number,
  params: { where?: SQL; orderBy: SQL[]; limit: number; offset: number },
) {
  const where = and(eq(contentPages.tenantId, tenantId), params.where);
  const rows = await db
    .select()
    .from(contentPages)
    .where(where)
    .orderBy(...params.orderBy)
    .limit(params.limit)
    .offset(params.offset);
  const records = await db.$count(contentPages, where);
  return { rows, records };
}

export async function insertContentPage(db: AppDb, tenantId: number, values: TPageValues) {
  const [row] = await db
    .insert(contentPages)
    .values({ ...values, tenantId })
    .returning();
  return row;
}

export async function updateContentPage(
  db: AppDb,
  tenantId: number,
  id: number,
  values: Partial<TPageValues>,
) {
  const [row] = await db
    .update(contentPages)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(contentPages.tenantId, tenantId), eq(contentPages.id, id)))
    .returning();
  return row;
}

export async function deleteContentPage(db: AppDb, tenantId: number, id: number) {
  await db
    .delete(contentPages)
    .where(and(eq(contentPages.tenantId, tenantId), eq(contentPages.id, id)));
}

/** The page holding `slug` in `locale` now, other than `exceptId`. */
export async function pageSlugOwner(
  db: AppDb,
  tenantId: number,
  slug: string,
  locale: TContentLocale,
  exceptId?: number,
) {
  const [row] = await db
    .select({ id: contentPages.id })
    .from(contentPages)
    .where(
      and(
        eq(contentPages.tenantId, tenantId),
        eq(contentPages.slug, slug),
        eq(contentPages.locale, locale),
        exceptId === undefined ? undefined : ne(contentPages.id, exceptId),
      ),
    );
  return row?.id;
}

export async function pageSlugsLike(
  db: AppDb,
  tenantId: number,
  base: string,
  locale: TContentLocale,
) {
  const rows = await db
    .select({ slug: contentPages.slug })
    .from(contentPages)
    .where(
      and(
        eq(contentPages.tenantId, tenantId),
        eq(contentPages.locale, locale),
        like(contentPages.slug, `${base}%`),
      ),
    );
  return rows.map((r) => r.slug);
}

// --- Old slugs --------------------------------------------------------------------------

/** Where a slug is unique: the tenant's news, or its pages of one language. */
export type TSlugScope = { kind: "news" } | { kind: "page"; locale: TContentLocale };
export type TSlugItem = TSlugScope & { id: number };

function slugMatch(tenantId: number, item: TSlugScope, slug: string): SQL {
  return item.kind === "news"
    ? (and(
        eq(contentSlugRedirects.tenantId, tenantId),
        isNotNull(contentSlugRedirects.newsArticleId),
        eq(contentSlugRedirects.oldSlug, slug),
      ) as SQL)
    : (and(
        eq(contentSlugRedirects.tenantId, tenantId),
        isNotNull(contentSlugRedirects.contentPageId),
        eq(contentSlugRedirects.oldSlug, slug),
        eq(contentSlugRedirects.locale, item.locale),
      ) as SQL);
}

/**
 * `slug` is an item's live slug now: an old slug of that name leads nowhere any more (the
 * live one wins, and it may be renamed away again later).
 */
export async function releaseOldSlug(db: AppDb, tenantId: number, item: TSlugScope, slug: string) {
  await db.delete(contentSlugRedirects).where(slugMatch(tenantId, item, slug));
}

/** `oldSlug` leads to the item from now on (replacing whatever it led to before). */
export async function keepOldSlug(db: AppDb, tenantId: number, item: TSlugItem, oldSlug: string) {
  await releaseOldSlug(db, tenantId, item, oldSlug);
  await db.insert(contentSlugRedirects).values({
    tenantId,
    oldSlug,
    newsArticleId: item.kind === "news" ? item.id : null,
    contentPageId: item.kind === "page" ? item.id : null,
    locale: item.kind === "page" ? item.locale : null,
  });
}

/** The item an old slug leads to, or null. */
export async function oldSlugTarget(
  db: AppDb,
  tenantId: number,
  item: TSlugScope,
  slug: string,
): Promise<number | null> {
  const [row] = await db
    .select({
      news: contentSlugRedirects.newsArticleId,
      page: contentSlugRedirects.contentPageId,
    })
    .from(contentSlugRedirects)
    .where(slugMatch(tenantId, item, slug));
  if (!row) return null;
  return item.kind === "news" ? row.news : row.page;
}

// --- Images -----------------------------------------------------------------------------

export type TImageRow = typeof images.$inferSelect;

export async function insertImage(
  db: AppDb,
  values: Omit<typeof images.$inferInsert, "id" | "createdAt">,
): Promise<TImageRow> {
  const [row] = await db.insert(images).values(values).returning();
  return row;
}

export async function findImage(db: AppDb, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(images)
    .where(and(eq(images.tenantId, tenantId), eq(images.id, id)));
  return row ?? null;
}

/** Whether `id` is a volunteer centre of the tenant. */
export async function tenantCentre(db: AppDb, tenantId: number, id: number) {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(
        eq(organizations.tenantId, tenantId),
        eq(organizations.id, id),
        eq(organizations.type, "VolunteerCenter"),
      ),
    );
  return row !== undefined;
}
