import "server-only";
import { LRUCache } from "lru-cache";
import type { ApiResponse } from "@/lib/api/client";
import type { Query } from "@/lib/api/query-string";
import { serializeQuery } from "@/lib/api/query-string";
import { serverApi } from "@/lib/api/server";
import { tenantCacheScope } from "@/lib/cache/tenant-generation";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import type { TTenantConfig } from "@/lib/tenants/tenants";
import { publicTenantHeaders } from "./tenant-headers";

/**
 * Public reads for the pages rendered on the server (docs/public-pages.md). A short cache
 * in this process absorbs bursts (a crawler, a shared link): the key starts with the
 * tenant's slug and its centre headers, so one tenant's answer is never another's, and
 * concurrent renders of one page share one api call. Only successful answers are kept;
 * a 404 or a failure is asked again next time. A change the api announces for a tenant
 * (lib/cache/tenant-generation.ts) makes its next reads ask the api again at once.
 */

/** How long a public answer is reused. Edits in the back office show up within this. */
export const PUBLIC_CACHE_TTL_MS = 30_000;

type TEntry = ApiResponse<unknown>;
type TContext = { tenant: TTenantConfig; path: string; query?: Query };

const cache = new LRUCache<string, TEntry, TContext>({
  max: 2_000,
  ttl: PUBLIC_CACHE_TTL_MS,
  fetchMethod: async (_key, _stale, { context }) =>
    serverApi.get<unknown>(context.path, {
      query: context.query,
      headers: publicTenantHeaders(context.tenant),
    }),
});

/**
 * The cache key: tenant and its headers first, so tenants can never share an entry; the
 * tenant's generation with it, so an answer fetched before a change the api announced
 * (docs/page-cache.md) is never read after it.
 */
export function publicCacheKey(tenant: TTenantConfig, path: string, query?: Query): string {
  const headers = publicTenantHeaders(tenant);
  return `${tenantCacheScope(tenant.slug)}|${headers["Volunteer-Center-Id"] ?? ""}|${path}${serializeQuery(query)}`;
}

/** GET a public api resource for `tenant` through the cache; api errors are thrown as ApiError. */
export async function publicGetFor<T>(
  tenant: TTenantConfig,
  path: string,
  query?: Query,
): Promise<ApiResponse<T>> {
  const entry = await cache.fetch(publicCacheKey(tenant, path, query), {
    context: { tenant, path, query },
  });
  if (!entry) throw new Error(`public api: no answer for ${path}`);
  return entry as ApiResponse<T>;
}

/** GET for the tenant of the current request (server components). */
export async function publicGet<T>(path: string, query?: Query): Promise<ApiResponse<T>> {
  return publicGetFor<T>(await getCurrentTenant(), path, query);
}

/** Drops every cached answer (tests; a later back-office save may forget a tenant's). */
export function clearPublicCache(): void {
  cache.clear();
}
