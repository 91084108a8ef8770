import "server-only";
import { LRUCache } from "lru-cache";
import { tenantCacheScope } from "@/lib/cache/tenant-generation";
import type { TTenantConfig } from "@/lib/tenants/tenants";

/**
 * Public data the web needs from the api per tenant (the guards' desks and redirect rules,
 * the site's settings), cached briefly in this process. An entry is keyed by tenant, so one
 * tenant's data never answers for another. When the api cannot be reached the caller goes
 * on without (undefined) and the failure is remembered for a few seconds, so a down api is
 * not asked again on every request.
 */

/** How long a tenant's data is reused: "cached briefly" (spec §2). */
export const TENANT_DATA_TTL_MS = 60_000;
/** How long a failed load is remembered before the api is asked again: short, so pages have
 *  their data again within seconds of the api coming back (docs/operations.md, Failures). */
export const FAILURE_TTL_MS = 2_000;
type TLoaded<T> = { ok: true; value: T } | { ok: false };

/** Loads a tenant's data through the cache; `forget` drops a tenant's entry (after a save). */
export type TTenantLoader<T> = ((tenant: TTenantConfig) => Promise<T | undefined>) & {
  forget: (slug: string) => void;
};

/** A per-tenant cached loader; exported for tests, which pass a fake clock. */
export function cachedLoader<T extends object>(
  what: string,
  load: (tenant: TTenantConfig) => Promise<T>,
  perf?: { now: () => number },
): TTenantLoader<T> {
  const cache = new LRUCache<string, TLoaded<T>, TTenantConfig>({
    max: 64,
    ttl: TENANT_DATA_TTL_MS,
    ttlResolution: 0,
    ...(perf ? { perf } : {}),
    // One request per tenant at a time, however many page views wait for it.
    fetchMethod: async (_slug, _stale, { context, options }) => {
      try {
        return { ok: true, value: await load(context) };
      } catch (error) {
        options.ttl = FAILURE_TTL_MS;
        console.warn(`[tenant data] loading ${what} for tenant '${context.slug}' failed`, error);
        return { ok: false };
      }
    },
  });
  const loadFor = async (tenant: TTenantConfig) => {
    // The generation in the key: a change the api announced is read at once
    // (lib/cache/tenant-generation.ts); the old entry ages out.
    const entry = await cache.fetch(tenantCacheScope(tenant.slug), { context: tenant });
    return entry?.ok ? entry.value : undefined;
  };
  return Object.assign(loadFor, {
    forget: (slug: string) => void cache.delete(tenantCacheScope(slug)),
  });
}
