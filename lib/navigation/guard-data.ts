import "server-only";
import { serverApi } from "@/lib/api/server";
import { cachedLoader } from "@/lib/api/tenant-cache";
import type { TTenantConfig } from "@/lib/tenants/tenants";
import type { TDeskSummary, TRedirectRule } from "./guards";

/**
 * What the desk and redirect-rule guards need from the api, per tenant, cached briefly in
 * this process (spec §2 "configured on the server per path"; lib/api/tenant-cache.ts).
 * When the api cannot be reached the guards go on without (undefined).
 */

const LIST_PAGE_SIZE = 1000; // spec §9: admin list page size

function tenantHeaders(tenant: TTenantConfig) {
  return { "X-Tenant": tenant.slug, "App-Context": tenant.appContext };
}

type TDeskRow = {
  id: string;
  slug: string;
  volunteerCenterId: number | string;
  organizationId: number | string | null;
};
type TRuleRow = { path: string; target: string; permanent: boolean };

async function fetchDesks(tenant: TTenantConfig): Promise<TDeskSummary[]> {
  const response = await serverApi.get<TDeskRow[]>("/api/v1/meedoen/desks", {
    query: { page: { size: LIST_PAGE_SIZE } },
    headers: tenantHeaders(tenant),
  });
  return response.data.map((d) => ({
    id: String(d.id),
    slug: d.slug,
    volunteerCenterId: String(d.volunteerCenterId),
    organizationId: d.organizationId === null ? null : String(d.organizationId),
  }));
}

async function fetchRedirectRules(tenant: TTenantConfig): Promise<TRedirectRule[]> {
  const response = await serverApi.get<TRuleRow[]>("/api/v1/redirect_rules", {
    query: { page: { size: LIST_PAGE_SIZE } },
    headers: tenantHeaders(tenant),
  });
  return response.data.map((r) => ({ path: r.path, target: r.target, permanent: r.permanent }));
}

export const loadDesks = cachedLoader("desks", fetchDesks);
export const loadRedirectRules = cachedLoader("redirect rules", fetchRedirectRules);
