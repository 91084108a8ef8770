import { getCurrentTenant } from "@/lib/request/current-tenant";
import { getSiteOrigin } from "@/lib/seo/site-origin";
import { SITEMAP_SOURCES, sitemapIndexXml, sourceFileCount } from "@/lib/seo/sitemap";

/**
 * GET /sitemap.xml: the tenant's sitemap index (docs/seo.md). Public; the tenant is the
 * host's, so every site lists only its own pages.
 */
export async function GET(): Promise<Response> {
  const [tenant, origin] = await Promise.all([getCurrentTenant(), getSiteOrigin()]);
  const counts = await Promise.all(
    SITEMAP_SOURCES.map((source) => sourceFileCount(tenant, source)),
  );
  const files = [
    "/sitemaps/site.xml",
    ...SITEMAP_SOURCES.flatMap((source, index) =>
      Array.from({ length: counts[index] }, (_, n) => `/sitemaps/${source.name}-${n + 1}.xml`),
    ),
  ];
  return new Response(sitemapIndexXml(origin, files), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
