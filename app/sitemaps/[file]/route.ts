import { defaultLocale, locales } from "@/lib/i18n/config";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import { localizedPath } from "@/lib/seo/public-metadata";
import { absoluteUrl, getSiteOrigin } from "@/lib/seo/site-origin";
import { fixedPaths, SITEMAP_SOURCES, sourceUrls, urlsetXml } from "@/lib/seo/sitemap";

type Context = { params: Promise<{ file: string }> };

const FILE = /^([a-z]+)-([1-9]\d{0,3})\.xml$/;

/**
 * GET /sitemaps/site.xml (the fixed public pages) and /sitemaps/<kind>-<n>.xml (content,
 * 50 000 URLs a file), named by /sitemap.xml. With hreflang alternates where the tenant
 * switches language (docs/seo.md). Unknown files are a 404.
 */
export async function GET(_request: Request, { params }: Context): Promise<Response> {
  const { file } = await params;
  const [tenant, origin] = await Promise.all([getCurrentTenant(), getSiteOrigin()]);
  const alternates = tenant.features.languageSwitch
    ? (path: string) => ({
        ...Object.fromEntries(locales.map((l) => [l, absoluteUrl(origin, localizedPath(path, l))])),
        "x-default": absoluteUrl(origin, localizedPath(path, defaultLocale)),
      })
    : null;

  let urls: { path: string; lastModified?: string | null }[] | null = null;
  if (file === "site.xml") {
    urls = fixedPaths(tenant).map((path) => ({ path }));
  } else {
    const match = FILE.exec(file);
    const source = match && SITEMAP_SOURCES.find((s) => s.name === match[1]);
    if (match && source && (!source.enabled || source.enabled(tenant))) {
      urls = await sourceUrls(tenant, source, Number(match[2]));
    }
  }
  if (!urls || (urls.length === 0 && file !== "site.xml")) {
    return new Response("Not found", { status: 404 });
  }
  return new Response(urlsetXml(origin, urls, alternates), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
