import { isTenantSlug, type TTenantSlug } from "@/lib/tenants/slugs";

export type TResolveTenantInput = {
  /** The Host (or X-Forwarded-Host) header; a port and a trailing dot are ignored. */
  host: string | null | undefined;
  /** The tenant cookie's value, if any. */
  cookie: string | null | undefined;
  /** Lowercase host → slug, from config and TENANT_HOSTS. */
  hostMap: Readonly<Record<string, TTenantSlug>>;
  defaultSlug: TTenantSlug;
};

/** Lowercase host name without port, or "" when there is none. Handles "[::1]:3000". */
export function hostName(host: string | null | undefined): string {
  const value = (host ?? "").split(",")[0].trim().toLowerCase();
  if (value.startsWith("[")) return value.slice(0, value.indexOf("]") + 1);
  return value.replace(/:\d*$/, "").replace(/\.$/, "");
}

/**
 * ARCHITECTURE.md decision 1: host → tenant, then the tenant cookie, then the default.
 * A host is either listed in the host map or names the tenant in its first label
 * (`oldebroek.localhost`, `demo.volunteerly.nl`), so local work needs no setup.
 */
export function resolveTenant({
  host,
  cookie,
  hostMap,
  defaultSlug,
}: TResolveTenantInput): TTenantSlug {
  const name = hostName(host);
  if (name) {
    // Own keys only: a host named "constructor" must not hit Object.prototype.
    const mapped = Object.hasOwn(hostMap, name) ? hostMap[name] : undefined;
    if (isTenantSlug(mapped)) return mapped;
    const labels = name.split(".");
    if (labels.length >= 2 && isTenantSlug(labels[0])) return labels[0];
  }
  const fromCookie = cookie?.trim().toLowerCase();
  if (isTenantSlug(fromCookie)) return fromCookie;
  return defaultSlug;
}
