import "server-only";
import { LRUCache } from "lru-cache";
import { serverApi } from "@/lib/api/server";
import { reportError } from "@/lib/errors/report";
import type { TTenantConfig } from "@/lib/tenants/tenants";
import { bundledTranslator, localeLoadFailureText } from "./catalogue-texts";
import type { AppLocale } from "./config";
import { loadMessages } from "./load-messages";
import { mergeOverrides, type TMessageOverride } from "./merge-overrides";
import type { Messages } from "./messages-type";

/** spec §9: locale message cache, 24 h. */
export const MESSAGE_CACHE_TTL_MS = 24 * 60 * 60 * 1000;
/** After a failed fetch the bundled messages serve for this long before the api is asked again. */
export const FAILURE_RETRY_MS = 60_000;
/** spec §8: what is reported, in English (lib/i18n/catalogue-texts.ts). */
export const LOCALE_LOAD_FAILURE = localeLoadFailureText(bundledTranslator("en"));

type TOverrides = { ok: true; overrides: TMessageOverride[] } | { ok: false };
type TCacheContext = { tenant: TTenantConfig; locale: AppLocale };
type TBundle = Awaited<ReturnType<typeof loadMessages>>;

export type TTenantMessageDeps = {
  fetchOverrides: (tenant: TTenantConfig, locale: AppLocale) => Promise<TMessageOverride[]>;
  report: (error: Error, context: Record<string, string>) => void;
  /** The cache's clock (tests pass a fake one). */
  perf?: { now: () => number };
};

async function fetchOverridesFromApi(tenant: TTenantConfig, locale: AppLocale) {
  const response = await serverApi.get<TMessageOverride[]>(`/api/v1/translations/${locale}`, {
    headers: { "X-Tenant": tenant.slug, "App-Context": tenant.appContext },
  });
  return response.data.map(({ key, value }) => ({ key, value }));
}

/**
 * The messages of a locale for a tenant: the bundled ones with the tenant's overrides from
 * GET /api/v1/translations/:locale, cached 24 h per tenant and locale. When the overrides
 * cannot be loaded the bundled messages serve and 'Failed loading locale' is reported.
 */
export function createTenantMessageLoader({ fetchOverrides, report, perf }: TTenantMessageDeps) {
  const cache = new LRUCache<string, TOverrides, TCacheContext>({
    max: 32, // 6 tenants × 2 locales, with room
    ttl: MESSAGE_CACHE_TTL_MS,
    // Read the clock on every lookup (the default caches it for 1 ms on a timer).
    ttlResolution: 0,
    ...(perf ? { perf } : {}),
    fetchMethod: async (_key, _stale, { context: { tenant, locale }, options }) => {
      try {
        return { ok: true, overrides: await fetchOverrides(tenant, locale) };
      } catch (error) {
        options.ttl = FAILURE_RETRY_MS;
        report(new Error(LOCALE_LOAD_FAILURE, { cause: error }), { tenant: tenant.slug, locale });
        return { ok: false };
      }
    },
  });

  return async function loadTenantMessages(
    locale: AppLocale,
    tenant: TTenantConfig,
  ): Promise<TBundle> {
    const bundled = await loadMessages(locale);
    const entry = await cache.fetch(`${tenant.slug}:${locale}`, { context: { tenant, locale } });
    if (!entry?.ok || entry.overrides.length === 0) return bundled;
    const { messages, rejected } = mergeOverrides(bundled as Messages, entry.overrides);
    if (rejected.length > 0) {
      console.warn(`[i18n] ignored overrides for ${tenant.slug}/${locale}: ${rejected.join(", ")}`);
    }
    return messages as TBundle;
  };
}

export const loadTenantMessages = createTenantMessageLoader({
  fetchOverrides: fetchOverridesFromApi,
  report: (error, context) => reportError(error, context),
});
