import "server-only";
import { getLocale } from "next-intl/server";
import { isApiError } from "@/lib/api/errors";
import { defaultLocale, isLocale } from "@/lib/i18n/config";
import { publicGet } from "@/lib/public/public-api";

/**
 * The public reads of the content pages (docs/content-pages.md), through the per-tenant
 * cache of lib/public/public-api.ts. Shapes are the api client's: camelCase, JSON:API
 * flattened, included resources merged into their relationships.
 */

export type TContentPage = {
  id: string;
  slug: string;
  locale: string;
  title: string;
  summary: string | null;
  body: string | null;
  imageUrl: string | null;
  publishedAt: string | null;
  updatedAt: string;
  /** Asked by an old slug of a renamed page: its slug now (the page redirects there). */
  redirectTo?: string;
};

export type TNewsArticle = {
  id: string;
  slug: string;
  locale: string;
  title: string;
  summary: string | null;
  body?: string | null;
  imageUrl: string | null;
  publishedAt: string;
  updatedAt: string;
  volunteerCenter?: { id: string; name?: string } | null;
  /** Asked by an old slug of a renamed article: its slug now (the page redirects there). */
  redirectTo?: string;
};

export type TPartner = {
  id: string;
  name: string;
  description: string | null;
  website: string | null;
  logoUrl: string | null;
  volunteerCenter?: { id: string; name?: string } | null;
};

export type TCentre = { id: string; name: string };

export type TPaging = { current: number; last: number; records: number };

/** The news list's page size: the api's default for the site (backend/routes/news-articles.ts). */
export const NEWS_PAGE_SIZE = 10;

/** The api's `meta.redirect_to` (docs/content-writes.md "Old slugs"), in either casing. */
function redirectOf(meta: Record<string, unknown> | undefined): string | undefined {
  const target = meta?.redirectTo ?? meta?.redirect_to;
  return typeof target === "string" && target !== "" ? target : undefined;
}

async function currentLocale(): Promise<string> {
  const locale = await getLocale();
  return isLocale(locale) ? locale : defaultLocale;
}

/** A published page in the visitor's language, else the Dutch one; null when neither exists. */
export async function loadContentPage(slug: string): Promise<TContentPage | null> {
  const response = await publicGet<TContentPage[]>("/api/v1/content_pages", {
    filter: { slug, locale: await currentLocale() },
  });
  const page = response.data[0];
  if (!page) return null;
  const redirectTo = redirectOf(response.meta);
  return redirectTo ? { ...page, redirectTo } : page;
}

function paging(meta: Record<string, unknown> | undefined): TPaging {
  const pagination = (meta?.pagination ?? {}) as Partial<TPaging>;
  const current = pagination.current ?? 1;
  return {
    current,
    last: pagination.last ?? current,
    records: pagination.records ?? 0,
  };
}

export async function loadNews(
  page: number,
  size = NEWS_PAGE_SIZE,
  q?: string,
): Promise<{ articles: TNewsArticle[]; paging: TPaging }> {
  const response = await publicGet<TNewsArticle[]>("/api/v1/news_articles", {
    page: { number: page, size },
    ...(q ? { filter: { q } } : {}),
  });
  return { articles: response.data, paging: paging(response.meta) };
}

/** An article by its slug, or null (a draft, another tenant's, unknown: the api's 404). */
export async function loadNewsArticle(slug: string): Promise<TNewsArticle | null> {
  try {
    const response = await publicGet<TNewsArticle>(
      `/api/v1/news_articles/${encodeURIComponent(slug)}`,
      { include: "volunteer_center" },
    );
    const redirectTo = redirectOf(response.meta);
    return redirectTo ? { ...response.data, redirectTo } : response.data;
  } catch (error) {
    if (isApiError(error) && error.statusCode === 404) return null;
    throw error;
  }
}

export async function loadPartners(): Promise<TPartner[]> {
  const response = await publicGet<TPartner[]>("/api/v1/partners", {
    include: "volunteer_center",
    page: { size: 1000 },
  });
  return response.data;
}

export async function loadCentres(): Promise<TCentre[]> {
  const response = await publicGet<TCentre[]>("/api/v1/volunteer_centers", {
    page: { size: 1000 },
  });
  return response.data;
}

/** A page number from the URL's `page`; anything unreadable is page 1. */
export function pageParam(value: string | string[] | undefined): number {
  const raw = Array.isArray(value) ? value[0] : value;
  const n = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return Math.max(n, 1);
}
