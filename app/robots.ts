import type { MetadataRoute } from "next";
import { closedPaths } from "@/lib/seo/robots-rules";
import { getSiteOrigin } from "@/lib/seo/site-origin";

/**
 * GET /robots.txt, per tenant (docs/seo.md): everything public may be crawled, the back
 * office, the BFF and the developer and test pages may not; names the tenant's sitemap.
 */
export default async function robots(): Promise<MetadataRoute.Robots> {
  const origin = await getSiteOrigin();
  return {
    rules: { userAgent: "*", allow: "/", disallow: closedPaths() },
    sitemap: `${origin}/sitemap.xml`,
  };
}
