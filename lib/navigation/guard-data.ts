import "server-only";
import { LRUCache } from "lru-cache";
import { serverApi } from "@/lib/api/server";
import type { TTenantConfig } from "@/lib/tenants/tenants";
import type { TDeskSummary, TRedirectRule } from "./guards";

/**
 * What the desk and redirect-rule guards need from the api, per tenant, cached briefly in
 * this process (spec §2 "configured on the server per path"). A cache entry is keyed by
 * tenant, so one tenant's rules never answer for another. When the api cannot be reached
 * the guards go on without (undefined) and the failure is remembered for a few seconds,
 * so a down api is not asked again on every request.
 */

/** How long a tenant's rules and desks are reused: "cached briefly". */
export const GUARD_DATA_TTL_MS = 60_000;
/** How long a failed load is remembered before the api is asked again. */
export const FAILURE_TTL_MS = 5_000;
const LIST_PAGE_SIZE = 1000; // spec §9: admin list page size

type TLoaded<T> = { ok: true; value: T } | { ok: false };

function tenantHeaders(tenant: TTenantConfig) {
  return { "X-Tenant": tenant.slug, "App-Context": tenant.appContext };
}

type TDeskRow = {
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

/** A per-tenant cached loader; exported for tests, which pass a fake clock. */
export function cachedLoader<T extends object>(
  what: string,
  load: (tenant: TTenantConfig) => Promise<T>,
  perf?: { now: () => number },
): (tenant: TTenantConfig) => Promise<T | undefined> {
  const cache = new LRUCache<string, TLoaded<T>, TTenantConfig>({
    max: 64,
    ttl: GUARD_DATA_TTL_MS,
    ttlResolution: 0,
    ...(perf ? { perf } : {}),
    // One request per tenant at a time, however many page views wait for it.
    fetchMethod: async (_slug, _stale, { context, options }) => {
      try {
        return { ok: true, value: await load(context) };
      } catch (error) {
        options.ttl = FAILURE_TTL_MS;
        console.warn(`[guards] loading ${what} for tenant '${context.slug}' failed`, error);
        return { ok: false };
      }
    },
  });
  return async (tenant) => {
    const entry = await cache.fetch(tenant.slug, { context: tenant });
    return entry?.ok ? entry.value : undefined;
  };
}

export const loadDesks = cachedLoader("desks", fetchDesks);
export const loadRedirectRules = cachedLoader("redirect rules", fetchRedirectRules);
