import "server-only";
import { env } from "@/lib/env";
import type { TTenantConfig } from "@/lib/tenants/tenants";

/**
 * The headers of a public (signed-out) call to the api for a tenant's site: the tenant,
 * the app context and, where configured, the site's own volunteer centre (spec §7).
 */
export function publicTenantHeaders(tenant: TTenantConfig): Record<string, string> {
  const centre = env.VOLUNTEER_CENTER_IDS?.[tenant.slug];
  return {
    "X-Tenant": tenant.slug,
    "App-Context": tenant.appContext,
    ...(centre === undefined ? {} : { "Volunteer-Center-Id": String(centre) }),
  };
}
