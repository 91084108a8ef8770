import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { readCookie, requestHost } from "@/lib/bff/request-info";
import { env } from "@/lib/env";
import { resolveTenant } from "@/lib/tenants/resolve-tenant";
import { isTenantSlug } from "@/lib/tenants/slugs";
import { getTenant, type TTenantConfig, tenantHostMap } from "@/lib/tenants/tenants";
import { tenantHeaderName } from "./tenant-header";

/** The tenant of the current request, for server components (once per render). */
export const getCurrentTenant = cache(async (): Promise<TTenantConfig> => {
  const headerList = await headers();
  const fromProxy = headerList.get(tenantHeaderName);
  if (isTenantSlug(fromProxy)) return getTenant(fromProxy);
  // Pages the proxy does not run for (none today) still get the same answer.
  const cookie = readCookie(headerList.get("cookie"), env.TENANT_COOKIE_NAME);
  return getTenant(
    resolveTenant({
      host: requestHost(headerList),
      cookie,
      hostMap: tenantHostMap(env.TENANT_HOSTS),
      defaultSlug: env.DEFAULT_TENANT,
    }),
  );
});
