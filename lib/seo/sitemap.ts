import "server-only";
import { isApiError } from "@/lib/api/errors";
import type { Query } from "@/lib/api/query-string";
import { serverApi } from "@/lib/api/server";
import { publicTenantHeaders } from "@/lib/public/tenant-headers";
import type { TTenantConfig } from "@/lib/tenants/tenants";

/**
 * The tenant's sitemap (docs/seo.md): a sitemap index at /sitemap.xml naming one file for
 * the site's fixed pages and, per kind of content, as many files of at most 50 000 URLs as
 * the api has records (sitemaps.org: 50 000 URLs a file). Everything comes from the public
 * api for this tenant, so a draft, another centre's content outside the collaboration or
 * another tenant's never appears.
 */

/** sitemaps.org: at most 50 000 URLs in one sitemap file. */
export const URLS_PER_SITEMAP = 50_000;
/** The api's largest page (list endpoints cap page[size] at 1000). */
const API_PAGE_SIZE = 1_000;

export type TSitemapUrl = { path: string; lastModified?: string | null };

type TRecord = Record<string, unknown> & { id: string };

/** One kind of content in the sitemap: where the api lists it and the page of a record. */
export type TSitemapSource = {
  name: string;
  path: string;
  query?: Query;
  toUrl: (record: TRecord) => TSitemapUrl | null;
  /** Only where the tenant has the feature (e.g. activities: not on meedoen). */
  enabled?: (tenant: TTenantConfig) => boolean;
};

const text = (value: unknown) => (typeof value === "string" ? value : null);

export const SITEMAP_SOURCES: TSitemapSource[] = [
  {
    name: "vacancies",
    path: "/api/v1/vacancies",
    toUrl: (r) => ({ path: `/vacancies/${r.id}`, lastModified: text(r.updatedAt) }),
  },
  {
    name: "activities",
    path: "/api/v1/activities",
    enabled: (tenant) => tenant.features.activities,
    toUrl: (r) => ({ path: `/activiteiten/${r.id}`, lastModified: text(r.updatedAt) }),
  },
  {
    name: "news",
    path: "/api/v1/news_articles",
    toUrl: (r) =>
      text(r.slug) ? { path: `/nieuws/${r.slug}`, lastModified: text(r.updatedAt) } : null,
  },
  {
    name: "pages",
    path: "/api/v1/content_pages",
    toUrl: (r) => {
      const slug = text(r.slug);
      // The Dutch row stands for the page; an English row is the same address (?lang=en).
      if (!slug || (text(r.locale) ?? "nl") !== "nl") return null;
      return { path: slug === "home" ? "/" : `/${slug}`, lastModified: text(r.updatedAt) };
    },
  },
  {
    name: "organizations",
    path: "/api/v1/social_map",
    toUrl: (r) => ({ path: `/sociale-kaart/${r.id}`, lastModified: text(r.updatedAt) }),
  },
];

/** The fixed public pages the tenant has (spec §2, features of spec §1). */
export function fixedPaths(tenant: TTenantConfig): string[] {
  const { activities, peerHelp } = tenant.features;
  return [
    "/",
    "/vacancies/search",
    "/sociale-kaart",
    ...(activities ? ["/activiteiten", "/activiteitenkalender"] : []),
    ...(peerHelp ? ["/een-op-een-hulp"] : []),
    "/nieuws",
    "/partners",
    "/volunteerly/changelog",
  ];
}

type TPage = { records: TRecord[]; total: number };

async function listPage(
  tenant: TTenantConfig,
  source: TSitemapSource,
  number: number,
): Promise<TPage> {
  const response = await serverApi.get<TRecord[]>(source.path, {
    query: { ...source.query, "page[number]": number, "page[size]": API_PAGE_SIZE },
    headers: publicTenantHeaders(tenant),
  });
  const meta = response.meta ?? {};
  const total = Number(meta.recordCount ?? meta.totalCount ?? response.data.length);
  return { records: response.data, total: Number.isFinite(total) ? total : 0 };
}

/** How many sitemap files a source needs; 0 when its api is missing or failing (logged). */
export async function sourceFileCount(
  tenant: TTenantConfig,
  source: TSitemapSource,
): Promise<number> {
  if (source.enabled && !source.enabled(tenant)) return 0;
  try {
    const { total } = await listPage(tenant, source, 1);
    return Math.ceil(total / URLS_PER_SITEMAP);
  } catch (error) {
    if (!isApiError(error) || error.statusCode !== 404) {
      console.warn(`[sitemap] counting ${source.name} for '${tenant.slug}' failed`, error);
    }
    return 0;
  }
}

/**
 * The URLs of file `file` (1-based) of a source. The api may cap the page size below what
 * was asked (the vacancy search gives at most 100), so the first answer tells how many
 * records a page really holds.
 */
export async function sourceUrls(
  tenant: TTenantConfig,
  source: TSitemapSource,
  file: number,
): Promise<TSitemapUrl[]> {
  const probe = await listPage(tenant, source, 1);
  const perPage = Math.max(1, probe.records.length);
  const firstRecord = (file - 1) * URLS_PER_SITEMAP;
  const end = Math.min(probe.total, firstRecord + URLS_PER_SITEMAP);
  const urls: TSitemapUrl[] = [];
  for (let number = Math.floor(firstRecord / perPage) + 1; (number - 1) * perPage < end; number++) {
    const { records } = number === 1 ? probe : await listPage(tenant, source, number);
    records.forEach((record, index) => {
      const position = (number - 1) * perPage + index;
      if (position < firstRecord || position >= end) return;
      const url = source.toUrl(record);
      if (url) urls.push(url);
    });
    if (records.length < perPage) break;
  }
  return urls;
}

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function lastmod(value: string | null | undefined): string {
  if (!value) return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : `<lastmod>${date.toISOString()}</lastmod>`;
}

/** A <urlset> document; `alternates` adds xhtml:link hreflang where the tenant switches. */
export function urlsetXml(
  origin: string,
  urls: TSitemapUrl[],
  alternates: ((path: string) => Record<string, string>) | null,
): string {
  const body = urls
    .map((url) => {
      const loc = new URL(url.path, `${origin}/`).toString();
      const links = alternates
        ? Object.entries(alternates(url.path))
            .map(
              ([lang, href]) =>
                `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(href)}"/>`,
            )
            .join("")
        : "";
      return `<url><loc>${escapeXml(loc)}</loc>${lastmod(url.lastModified)}${links}</url>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`;
}

/** A <sitemapindex> naming the files. */
export function sitemapIndexXml(origin: string, files: string[]): string {
  const body = files
    .map(
      (file) =>
        `<sitemap><loc>${escapeXml(new URL(file, `${origin}/`).toString())}</loc></sitemap>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}
