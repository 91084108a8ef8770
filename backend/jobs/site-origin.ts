import type { TEnv } from "../env";

/**
 * The public origin of a site, for the links of a mail sent without a request (a scheduled
 * job): SITE_ORIGINS names each tenant's address; a site not listed gets the development
 * address.
 */
export function siteOriginOf(config: Pick<TEnv, "SITE_ORIGINS">, slug: string): string {
  return config.SITE_ORIGINS[slug.toLowerCase()] ?? `http://${slug}.localhost:3000`;
}
