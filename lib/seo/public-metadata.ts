import "server-only";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { getLocale } from "next-intl/server";
import {
  defaultLocale,
  isLocale,
  localeQueryParam,
  locales,
  urlLocaleHeaderName,
} from "@/lib/i18n/config";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import { absoluteUrl, getSiteOrigin } from "./site-origin";

/**
 * Metadata of a public page (docs/seo.md): title (the root layout adds the site name),
 * description, canonical URL, Open Graph and, where the tenant switches language, hreflang
 * alternates. Paths carry no language (spec §1), so a language has its own URL through the
 * `lang` query parameter, which proxy.ts honours: the Dutch page is the bare path, the
 * English one `?lang=en`; x-default is the bare path.
 */
export type TPublicMetadataInput = {
  title: string;
  description?: string | null;
  /** The page's path with the query that belongs to its canonical URL (e.g. `?page=2`). */
  path: string;
  image?: string | null;
  type?: "website" | "article";
  /** Article dates for Open Graph. */
  publishedTime?: string | null;
  modifiedTime?: string | null;
  /** Pages that must not be indexed (a search with filters, an empty result). */
  noIndex?: boolean;
};

const OG_LOCALES = { nl: "nl_NL", en: "en_GB" } as const;

/** The path of `path` in `locale`: `?lang=` added for any language but the default. */
export function localizedPath(path: string, locale: string): string {
  const url = new URL(path, "http://x");
  url.searchParams.delete(localeQueryParam);
  if (locale !== defaultLocale) url.searchParams.set(localeQueryParam, locale);
  return `${url.pathname}${url.search}`;
}

export async function publicMetadata(input: TPublicMetadataInput): Promise<Metadata> {
  const [origin, tenant, rawLocale, headerList] = await Promise.all([
    getSiteOrigin(),
    getCurrentTenant(),
    getLocale(),
    headers(),
  ]);
  const locale = isLocale(rawLocale) ? rawLocale : defaultLocale;
  const switches = tenant.features.languageSwitch;
  // The canonical URL is the address asked for: `?lang=en` for the English page; the bare
  // path otherwise, also when cookie or browser language chose English there (the bare path
  // is the x-default page, which adapts; a crawler without either gets Dutch).
  const fromUrl = headerList.get(urlLocaleHeaderName);
  const addressed = switches && isLocale(fromUrl) ? fromUrl : defaultLocale;
  const canonical = absoluteUrl(origin, localizedPath(input.path, addressed));
  const description = input.description?.trim() || undefined;
  const images = input.image ? [{ url: absoluteUrl(origin, input.image) }] : undefined;
  return {
    title: input.title,
    description,
    alternates: {
      canonical,
      ...(switches
        ? {
            languages: {
              ...Object.fromEntries(
                locales.map((l) => [l, absoluteUrl(origin, localizedPath(input.path, l))]),
              ),
              "x-default": absoluteUrl(origin, localizedPath(input.path, defaultLocale)),
            },
          }
        : {}),
    },
    openGraph: {
      title: input.title,
      description,
      url: canonical,
      siteName: tenant.displayName,
      locale: OG_LOCALES[locale],
      type: input.type ?? "website",
      images,
      ...(input.type === "article"
        ? {
            publishedTime: input.publishedTime ?? undefined,
            modifiedTime: input.modifiedTime ?? undefined,
          }
        : {}),
    },
    twitter: { card: images ? "summary_large_image" : "summary" },
    ...(input.noIndex ? { robots: { index: false, follow: true } } : {}),
  };
}
