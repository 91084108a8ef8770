import { type NextRequest, NextResponse } from "next/server";
import { requestHost, requestOrigin, requestProto } from "@/lib/bff/request-info";
import { devPagesEnabled, env } from "@/lib/env";
import { reportError } from "@/lib/errors/report";
import { bundledTranslator, unknownRouteMiddlewareText } from "@/lib/i18n/catalogue-texts";
import {
  isLocale,
  localeCookie,
  localeCookieName,
  localeQueryParam,
  urlLocaleHeaderName,
} from "@/lib/i18n/config";
import { negotiateLocale } from "@/lib/i18n/negotiate";
import { loadDesks, loadRedirectRules } from "@/lib/navigation/guard-data";
import { runGuards } from "@/lib/navigation/guards";
import {
  deskHeaderName,
  isUnknownPageAddress,
  NOT_FOUND_REWRITE_PATH,
} from "@/lib/navigation/request-route";
import { tenantHeaderName } from "@/lib/request/tenant-header";
import { canonicalPath, matchRoute } from "@/lib/routes";
import {
  baselineSecurityHeaders,
  createNonce,
  cspOriginsFromEnv,
  pageContentSecurityPolicy,
  resourceContentSecurityPolicy,
} from "@/lib/security/headers";
import { hasForbiddenCharacters } from "@/lib/security/request-target";
import { hostName, resolveTenant } from "@/lib/tenants/resolve-tenant";
import { getTenant, tenantHostMap } from "@/lib/tenants/tenants";

// Next.js 16 runs proxy.ts (formerly middleware.ts) before every matched request:
// tenant → route → the guards of spec §2 (lib/navigation/guards.ts). A convenience, not the
// wall: pages and route handlers check the session and tenant themselves (STYLE.md).

const hostMap = tenantHostMap(env.TENANT_HOSTS);
const cspOrigins = cspOriginsFromEnv(env);
const development = env.NODE_ENV === "development";

/** docs/web-hardening.md: every answer of the proxy carries the security headers. */
function secured<T extends Response>(response: T, https: boolean, policy: string): T {
  for (const [name, value] of baselineSecurityHeaders({ https })) response.headers.set(name, value);
  response.headers.set("content-security-policy", policy);
  return response;
}

/** Only presence: unsealing needs the secret and is the page's job. `__Host-` over https. */
function hasSessionCookie(request: NextRequest): boolean {
  const name = env.SESSION_COOKIE_NAME;
  return request.cookies.has(name) || request.cookies.has(`__Host-${name}`);
}

export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const https = requestProto(request.headers, request.url) === "https";
  // A fresh nonce per page (docs/web-hardening.md). Next reads it from the request's
  // Content-Security-Policy header and puts it on its own scripts; the root layout puts it
  // on its <style> elements. Every page renders per request already (tenant, session).
  const pagePolicy = pageContentSecurityPolicy({
    nonce: createNonce(),
    origins: cspOrigins,
    development,
    https,
  });
  const host = requestHost(request.headers, request.url);
  const tenant = getTenant(
    resolveTenant({
      host,
      cookie: request.cookies.get(env.TENANT_COOKIE_NAME)?.value,
      hostMap,
      defaultSlug: env.DEFAULT_TENANT,
    }),
  );
  // Both cached per tenant (lib/navigation/guard-data.ts), so this is rarely a request.
  const [desks, redirectRules] = await Promise.all([loadDesks(tenant), loadRedirectRules(tenant)]);

  const headers = new Headers(request.headers);
  headers.set("content-security-policy", pagePolicy);
  // Always overwritten, so a value sent by the browser never survives.
  headers.set(tenantHeaderName, tenant.slug);
  headers.delete(deskHeaderName);
  headers.delete(urlLocaleHeaderName);

  // A NUL or a lone surrogate in the path or query means nothing to any page: the 404
  // screen, before a page or the api ever reads it (the rewrite drops the query).
  if (hasForbiddenCharacters(pathname) || hasForbiddenCharacters(search)) {
    return secured(
      NextResponse.rewrite(new URL(NOT_FOUND_REWRITE_PATH, request.url), { request: { headers } }),
      https,
      pagePolicy,
    );
  }

  const match = matchRoute(pathname);
  const outcome = runGuards({
    pathname,
    search,
    origin: requestOrigin(request) ?? request.nextUrl.origin,
    hostname: hostName(host),
    match,
    signedIn: hasSessionCookie(request),
    gelderseHandenHost: env.GELDERSE_HANDEN_HOST,
    desks,
    redirectRules,
    devPagesEnabled: devPagesEnabled(),
  });

  // docs/seo.md: `?lang=en` is the English page's own address (hreflang), where the tenant
  // switches language. It also becomes the visitor's choice, as the language panel would.
  const urlLocale = tenant.features.languageSwitch
    ? request.nextUrl.searchParams.get(localeQueryParam)
    : null;
  const chosenLocale = isLocale(urlLocale) ? urlLocale : null;
  if (chosenLocale) headers.set(urlLocaleHeaderName, chosenLocale);

  switch (outcome.kind) {
    case "redirect":
      return secured(
        NextResponse.redirect(
          outcome.external ? outcome.location : new URL(outcome.location, request.url),
          outcome.status,
        ),
        https,
        resourceContentSecurityPolicy(),
      );
    case "notFound":
      // spec §2: a fatal 404. The rewrite target has no page, so Next renders the 404
      // screen with status 404 while the address bar keeps the requested URL.
      return secured(
        NextResponse.rewrite(new URL(NOT_FOUND_REWRITE_PATH, request.url), {
          request: { headers },
        }),
        https,
        pagePolicy,
      );
    case "error": {
      // spec §8: reported in English (one issue in monitoring), shown in the visitor's language.
      reportError(new Error(unknownRouteMiddlewareText(bundledTranslator("en"))), {
        path: pathname,
        userAgent: request.headers.get("user-agent") ?? undefined,
      });
      const locale = negotiateLocale({
        fromUrl: chosenLocale,
        cookie: request.cookies.get(localeCookieName)?.value,
        acceptLanguage: request.headers.get("accept-language"),
      });
      return secured(
        new NextResponse(unknownRouteMiddlewareText(bundledTranslator(locale)), {
          status: 500,
          headers: { "content-type": "text/plain; charset=utf-8", "content-language": locale },
        }),
        https,
        resourceContentSecurityPolicy(),
      );
    }
    case "pass": {
      // No route and no redirect rule: the 404 screen in the public layout (docs/errors.md).
      // Next's own 404 for such an address would be the root not-found.tsx, which has no
      // header or footer so as to keep them out of every page's flight data.
      if (!match && isUnknownPageAddress(pathname)) {
        return secured(
          NextResponse.rewrite(new URL(NOT_FOUND_REWRITE_PATH, request.url), {
            request: { headers },
          }),
          https,
          pagePolicy,
        );
      }
      // spec §2: matching ignores case and a trailing slash, Next's file-system router does
      // not. Once the guards let the path through (so redirect rules and sign-in see it as
      // asked), send the visitor to the path as the route table spells it, same query.
      const canonical = match ? canonicalPath(pathname, match) : pathname;
      if (canonical !== pathname) {
        return secured(
          NextResponse.redirect(new URL(`${canonical}${search}`, request.url), 308),
          https,
          resourceContentSecurityPolicy(),
        );
      }
      if (outcome.desk) headers.set(deskHeaderName, outcome.desk.slug);
      const response = secured(NextResponse.next({ request: { headers } }), https, pagePolicy);
      if (chosenLocale && request.cookies.get(localeCookieName)?.value !== chosenLocale) {
        response.headers.append(
          "set-cookie",
          localeCookie(chosenLocale, request.nextUrl.protocol === "https:"),
        );
      }
      return response;
    }
  }
}

export const config = {
  matcher: [
    // Everything except the BFF (/api), the metrics (app/metrics/route.ts: no tenant, no
    // page), Next's own assets and public files.
    "/((?!api(?:/|$)|metrics$|_next/static|_next/image|favicon\\.ico|.*\\.(?:ico|png|jpe?g|gif|svg|webp|avif|txt|xml|webmanifest|woff2?)$).*)",
  ],
};
