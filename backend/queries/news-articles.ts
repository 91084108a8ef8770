import { and, count, desc, eq, ilike, inArray, isNotNull, lte, or, type SQL } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { newsArticles, organizations } from "../db/schema";

/**
 * Public news (docs/content-pages.md): published articles of the visitor's centres, newest
 * first. "Published" is status published with a publication time that has come, so an
 * article can be scheduled; a draft, or one dated in the future, is nobody's business.
 */

export type TNewsCentre = { id: number; name: string };
export type TNewsArticleRow = {
  id: number;
  slug: string;
  locale: string;
  title: string;
  summary: string | null;
  body: string | null;
  imageUrl: string | null;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  volunteerCenterId: number;
  volunteerCenter: TNewsCentre;
};

function publicNews(tenantId: number, centerIds: readonly number[], now: Date): SQL {
  return and(
    eq(newsArticles.tenantId, tenantId),
    inArray(newsArticles.volunteerCenterId, centerIds.length > 0 ? [...centerIds] : [-1]),
    eq(newsArticles.status, "published"),
    isNotNull(newsArticles.publishedAt),
    lte(newsArticles.publishedAt, now),
  ) as SQL;
}

/** `%`, `_` and `\` in a search are the visitor's letters, not wildcards. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const COLUMNS = {
  id: newsArticles.id,
  slug: newsArticles.slug,
  locale: newsArticles.locale,
  title: newsArticles.title,
  summary: newsArticles.summary,
  body: newsArticles.body,
  imageUrl: newsArticles.imageUrl,
  publishedAt: newsArticles.publishedAt,
  createdAt: newsArticles.createdAt,
  updatedAt: newsArticles.updatedAt,
  volunteerCenterId: newsArticles.volunteerCenterId,
  centreName: organizations.name,
};

type TSelected = { centreName: string } & Omit<TNewsArticleRow, "volunteerCenter">;
const withCentre = ({ centreName, ...row }: TSelected): TNewsArticleRow => ({
  ...row,
  volunteerCenter: { id: row.volunteerCenterId, name: centreName },
});

export async function listNewsArticles(
  db: AppDb,
  tenantId: number,
  params: {
    centerIds: readonly number[];
    q?: string;
    now: Date;
    limit: number;
    offset: number;
  },
): Promise<{ rows: TNewsArticleRow[]; records: number }> {
  const conditions = [publicNews(tenantId, params.centerIds, params.now)];
  const q = params.q?.trim();
  if (q) {
    const pattern = `%${likeEscape(q)}%`;
    conditions.push(
      or(ilike(newsArticles.title, pattern), ilike(newsArticles.summary, pattern)) as SQL,
    );
  }
  const where = and(...conditions);
  const rows = await db
    .select(COLUMNS)
    .from(newsArticles)
    .innerJoin(organizations, eq(organizations.id, newsArticles.volunteerCenterId))
    .where(where)
    .orderBy(desc(newsArticles.publishedAt), desc(newsArticles.id))
    .limit(params.limit)
    .offset(params.offset);
  const [{ total }] = await db.select({ total: count() }).from(newsArticles).where(where);
  return { rows: rows.map(withCentre), records: total };
}

/** One public article by id or by slug (the URL's), or null. */
export async function findNewsArticle(
  db: AppDb,
  tenantId: number,
  params: { centerIds: readonly number[]; key: { id: number } | { slug: string }; now: Date },
): Promise<TNewsArticleRow | null> {
  const match =
    "id" in params.key
      ? eq(newsArticles.id, params.key.id)
      : eq(newsArticles.slug, params.key.slug);
  const [row] = await db
    .select(COLUMNS)
    .from(newsArticles)
    .innerJoin(organizations, eq(organizations.id, newsArticles.volunteerCenterId))
    .where(and(publicNews(tenantId, params.centerIds, params.now), match));
  return row ? withCentre(row) : null;
}
