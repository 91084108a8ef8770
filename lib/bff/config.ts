import "server-only";
import type { Dispatcher } from "undici";
import type { TSessionCookieConfig } from "@/lib/auth/session";
import { getDispatcher } from "@/lib/bff/dispatcher";
import { env, getSessionSecret } from "@/lib/env";
import type { TTenantSlug } from "@/lib/tenants/slugs";
import { tenantHostMap } from "@/lib/tenants/tenants";

/** Everything the forwarding code needs, passed in so tests can run it without Next or env. */
export type TBffConfig = {
  /** Without trailing slash, e.g. "http://127.0.0.1:4000". */
  apiBaseUrl: string;
  session: TSessionCookieConfig;
  tenantCookieName: string;
  defaultTenant: TTenantSlug;
  hostMap: Readonly<Record<string, TTenantSlug>>;
  /** The site's volunteer centre per tenant (VOLUNTEER_CENTER_IDS); absent ones are not sent. */
  centerIds: Readonly<Partial<Record<TTenantSlug, number>>>;
  timeoutMs: number;
  dispatcher: Dispatcher;
};

let cached: TBffConfig | undefined;

/** The config of this process, built on first use (the secret is read then, not at build). */
export function getBffConfig(): TBffConfig {
  cached ??= {
    apiBaseUrl: env.API_BASE_URL,
    session: { cookieName: env.SESSION_COOKIE_NAME, secret: getSessionSecret() },
    tenantCookieName: env.TENANT_COOKIE_NAME,
    defaultTenant: env.DEFAULT_TENANT,
    hostMap: tenantHostMap(env.TENANT_HOSTS),
    centerIds: env.VOLUNTEER_CENTER_IDS ?? {},
    timeoutMs: env.API_TIMEOUT_MS,
    dispatcher: getDispatcher(),
  };
  return cached;
}
