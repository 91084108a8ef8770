import type { IncomingHttpHeaders } from "node:http";
import { requestHost, requestProto } from "@/lib/bff/request-info";
import { isLocale, localeCookieName, localeQueryParam } from "@/lib/i18n/config";
import { negotiateLocale } from "@/lib/i18n/negotiate";
import { canonicalPath, matchRoute } from "@/lib/routes";
import { hasForbiddenCharacters } from "@/lib/security/request-target";
import { resolveTenant } from "@/lib/tenants/resolve-tenant";
import type { TTenantSlug } from "@/lib/tenants/slugs";
import { getTenant } from "@/lib/tenants/tenants";

/**
 * Which requests the page cache may answer, and under which key (docs/page-cache.md). The
 * key holds everything a signed-out visitor's public page depends on: the tenant and the
 * origin (canonical and alternate links carry the host the browser used), the language,
 * Next's bot class (bots get their metadata in the <head>, browsers streamed) and the path
 * with its query. Each part is computed by the function the render itself uses, so the
 * key is never coarser than what the page shows; where the two could read a request
 * differently (a cookie sent twice), the request is not cached at all.
 */

export type TPageCacheSettings = {
  /** SESSION_COOKIE_NAME; its `__Host-` twin counts too. */
  sessionCookieName: string;
  tenantCookieName: string;
  hostMap: Readonly<Record<string, TTenantSlug>>;
  defaultSlug: TTenantSlug;
  /** Next's class of a user agent ("dom", "html" or undefined), as the build decides it. */
  botType: (userAgent: string) => string | undefined;
};

export type TPageRequest = {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
};

export type TPageCacheDecision =
  | { cacheable: true; key: string; tenant: TTenantSlug }
  | { cacheable: false; reason: string };

/**
 * Headers of Next's client navigations, prefetches and server actions: they ask for a flight
 * payload or a different tree, never the document. `next-url` rides along with them.
 */
const NEXT_CLIENT_HEADERS = [
  "rsc",
  "next-router-prefetch",
  "next-router-state-tree",
  "next-router-segment-prefetch",
  "next-action",
  "next-url",
];

const bypass = (reason: string): TPageCacheDecision => ({ cacheable: false, reason });

function headerValue(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(",") : value;
}

/**
 * Every value of a cookie in a Cookie header (undecoded). More than one means the render
 * (Next's parser keeps the last) and this module (the first) could disagree.
 */
export function cookieValues(cookieHeader: string | null, name: string): string[] {
  if (!cookieHeader) return [];
  const values: string[] = [];
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    const raw = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1");
    try {
      values.push(decodeURIComponent(raw));
    } catch {
      values.push(raw);
    }
  }
  return values;
}

export function pageCacheDecision(
  request: TPageRequest,
  settings: TPageCacheSettings,
): TPageCacheDecision {
  const method = request.method ?? "GET";
  if (method !== "GET" && method !== "HEAD") return bypass("method");
  const target = request.url ?? "/";
  // Only origin-form targets with a plain path: no dot segments, doubled or encoded slashes
  // or backslashes, which a parser may resolve differently from the route table.
  if (!target.startsWith("/") || hasForbiddenCharacters(target)) return bypass("target");
  const queryAt = target.indexOf("?");
  const pathname = queryAt === -1 ? target : target.slice(0, queryAt);
  if (/\/\.|\/\/|%2e|%2f|%5c|\\/i.test(pathname)) return bypass("target");
  // Next's own files, before the route table is searched for them.
  if (pathname.startsWith("/_next/")) return bypass("route");

  const { headers } = request;
  for (const name of NEXT_CLIENT_HEADERS) {
    if (headers[name] !== undefined) return bypass("client navigation");
  }
  if (headers.authorization !== undefined) return bypass("authorization");

  const cookie = headerValue(headers.cookie);
  const sessionName = settings.sessionCookieName;
  if (
    cookieValues(cookie, sessionName).length > 0 ||
    cookieValues(cookie, `__Host-${sessionName}`).length > 0
  ) {
    return bypass("session");
  }
  const tenantCookie = cookieValues(cookie, settings.tenantCookieName);
  const localeCookie = cookieValues(cookie, localeCookieName);
  if (tenantCookie.length > 1 || localeCookie.length > 1) return bypass("repeated cookie");

  const query = new URLSearchParams(queryAt === -1 ? "" : target.slice(queryAt + 1));
  // Next's cache-busting parameter of a flight request.
  if (query.has("_rsc")) return bypass("client navigation");

  const match = matchRoute(pathname);
  if (!match?.route.meta.publicGroup) return bypass("route");
  // proxy.ts redirects any other spelling to this one.
  if (canonicalPath(pathname, match) !== pathname) return bypass("route");

  // As proxy.ts and lib/request/current-tenant.ts resolve them.
  const fetchHeaders = toFetchHeaders(headers);
  const host = requestHost(fetchHeaders);
  if (!host) return bypass("host");
  const tenant = resolveTenant({
    host,
    cookie: tenantCookie[0],
    hostMap: settings.hostMap,
    defaultSlug: settings.defaultSlug,
  });
  const origin = `${requestProto(fetchHeaders)}://${host}`;
  // As proxy.ts hands `?lang=` on and lib/i18n/request.ts negotiates.
  const urlLocale = getTenant(tenant).features.languageSwitch ? query.get(localeQueryParam) : null;
  // proxy.ts stores `?lang=` as the visitor's choice when the cookie says otherwise: that
  // answer sets a cookie, so it comes from Next.
  if (isLocale(urlLocale) && localeCookie[0] !== urlLocale) return bypass("language choice");
  const locale = negotiateLocale({
    fromUrl: isLocale(urlLocale) ? urlLocale : null,
    cookie: localeCookie[0],
    acceptLanguage: headerValue(headers["accept-language"]),
  });
  const bot = settings.botType(headerValue(headers["user-agent"]) ?? "") ?? "-";
  // Newlines cannot occur in any part (a header value or a request target has none).
  return { cacheable: true, tenant, key: [tenant, origin, locale, bot, target].join("\n") };
}

function toFetchHeaders(headers: IncomingHttpHeaders): Headers {
  const result = new Headers();
  for (const name of ["host", "x-forwarded-host", "x-forwarded-proto"]) {
    const value = headerValue(headers[name]);
    if (value !== null) result.set(name, value);
  }
  return result;
}
