import type { TBffConfig } from "@/lib/bff/config";
import { readCookie, requestHost } from "@/lib/bff/request-info";
import { resolveTenant } from "@/lib/tenants/resolve-tenant";
import { getTenant, type TTenantConfig } from "@/lib/tenants/tenants";

/** The tenant of a browser request: by host, then the tenant cookie, then the default. */
export function requestTenant(
  request: Request,
  config: Pick<TBffConfig, "tenantCookieName" | "hostMap" | "defaultTenant">,
): TTenantConfig {
  const slug = resolveTenant({
    host: requestHost(request.headers, request.url),
    cookie: readCookie(request.headers.get("cookie"), config.tenantCookieName),
    hostMap: config.hostMap,
    defaultSlug: config.defaultTenant,
  });
  return getTenant(slug);
}
