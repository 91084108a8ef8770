import { and, asc, eq, inArray, isNotNull, lte, type SQL } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { contentPages, type TContentLocale } from "../db/schema";

/**
 * Public content pages (docs/content-pages.md). A page belongs to the tenant, not to a
 * centre: every centre's site of a tenant shows the same pages. One row per language; when
 * a language is asked for, each slug answers in that language, else in Dutch (the language
 * every page has first).
 */

export type TContentPageRow = {
  id: number;
  slug: string;
  locale: TContentLocale;
  title: string;
  summary: string | null;
  body: string | null;
  imageUrl: string | null;
  publishedAt: Date | null;
  updatedAt: Date;
};

export const FALLBACK_LOCALE: TContentLocale = "nl";

export async function listContentPages(
  db: AppDb,
  tenantId: number,
  params: { slug?: string; locale?: TContentLocale; now: Date },
): Promise<TContentPageRow[]> {
  const conditions: SQL[] = [
    eq(contentPages.tenantId, tenantId),
    eq(contentPages.status, "published"),
    isNotNull(contentPages.publishedAt),
    lte(contentPages.publishedAt, params.now),
  ];
  if (params.slug !== undefined) conditions.push(eq(contentPages.slug, params.slug));
  if (params.locale !== undefined) {
    conditions.push(inArray(contentPages.locale, [params.locale, FALLBACK_LOCALE]));
  }
  const rows = await db
    .select({
      id: contentPages.id,
      slug: contentPages.slug,
      locale: contentPages.locale,
      title: contentPages.title,
      summary: contentPages.summary,
      body: contentPages.body,
      imageUrl: contentPages.imageUrl,
      publishedAt: contentPages.publishedAt,
      updatedAt: contentPages.updatedAt,
    })
    .from(contentPages)
    .where(and(...conditions))
    .orderBy(asc(contentPages.slug), asc(contentPages.locale), asc(contentPages.id));
  if (params.locale === undefined) return rows;
  // One row per slug: the asked language where it exists, else the Dutch one.
  const bySlug = new Map<string, TContentPageRow>();
  for (const row of rows) {
    const kept = bySlug.get(row.slug);
    if (!kept || row.locale === params.locale) bySlug.set(row.slug, row);
  }
  return [...bySlug.values()];
}
