import "server-only";
import { headers } from "next/headers";
import { requestHost } from "@/lib/bff/request-info";
import { env } from "@/lib/env";
import { resolveTenant } from "@/lib/tenants/resolve-tenant";
import type { TTenantSlug } from "@/lib/tenants/slugs";
import { tenantHostMap } from "@/lib/tenants/tenants";

/**
 * The tenant this request's host names, if any (configured host map or `<slug>.<domain>`):
 * there the tenant cookie has no effect. Resolved without a cookie against two different
 * defaults: only a host can make both answers the same.
 */
export async function tenantNamedByHost(): Promise<TTenantSlug | undefined> {
  const host = requestHost(await headers());
  const hostMap = tenantHostMap(env.TENANT_HOSTS);
  const [a, b] = (["demo", "public"] as const).map((defaultSlug) =>
    resolveTenant({ host, cookie: undefined, hostMap, defaultSlug }),
  );
  return a === b ? a : undefined;
}
