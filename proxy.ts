import { type NextRequest, NextResponse } from "next/server";
import { requestHost, requestOrigin } from "@/lib/bff/request-info";
import { devPagesEnabled, env } from "@/lib/env";
import { reportError } from "@/lib/errors/report";
import {
  isLocale,
  localeCookie,
  localeCookieName,
  localeQueryParam,
  urlLocaleHeaderName,
} from "@/lib/i18n/config";
import { loadDesks, loadRedirectRules } from "@/lib/navigation/guard-data";
import { runGuards } from "@/lib/navigation/guards";
import { deskHeaderName, NOT_FOUND_REWRITE_PATH } from "@/lib/navigation/request-route";
import { tenantHeaderName } from "@/lib/request/tenant-header";
import { matchRoute } from "@/lib/routes";
import { hostName, resolveTenant } from "@/lib/tenants/resolve-tenant";
import { getTenant, tenantHostMap } from "@/lib/tenants/tenants";

// Next.js 16 runs proxy.ts (formerly middleware.ts) before every matched request:
// tenant → route → the guards of spec §2 (lib/navigation/guards.ts). A convenience, not the
// wall: pages and route handlers check the session and tenant themselves (STYLE.md).

const hostMap = tenantHostMap(env.TENANT_HOSTS);

/** Only presence: unsealing needs the secret and is the page's job. `__Host-` over https. */
function hasSessionCookie(request: NextRequest): boolean {
  const name = env.SESSION_COOKIE_NAME;
  return request.cookies.has(name) || request.cookies.has(`__Host-${name}`);
}

export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
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

  const outcome = runGuards({
    pathname,
    search,
    origin: requestOrigin(request) ?? request.nextUrl.origin,
    hostname: hostName(host),
    match: matchRoute(pathname),
    signedIn: hasSessionCookie(request),
    gelderseHandenHost: env.GELDERSE_HANDEN_HOST,
    desks,
    redirectRules,
    devPagesEnabled: devPagesEnabled(),
  });

  const headers = new Headers(request.headers);
  // Always overwritten, so a value sent by the browser never survives.
  headers.set(tenantHeaderName, tenant.slug);
  headers.delete(deskHeaderName);
  headers.delete(urlLocaleHeaderName);
  // docs/seo.md: `?lang=en` is the English page's own address (hreflang), where the tenant
  // switches language. It also becomes the visitor's choice, as the language panel would.
  const urlLocale = tenant.features.languageSwitch
    ? request.nextUrl.searchParams.get(localeQueryParam)
    : null;
  const chosenLocale = isLocale(urlLocale) ? urlLocale : null;
  if (chosenLocale) headers.set(urlLocaleHeaderName, chosenLocale);

  switch (outcome.kind) {
    case "redirect":
      return NextResponse.redirect(
        outcome.external ? outcome.location : new URL(outcome.location, request.url),
        outcome.status,
      );
    case "notFound":
      // spec §2: a fatal 404. The rewrite target has no page, so Next renders the 404
      // screen with status 404 while the address bar keeps the requested URL.
      return NextResponse.rewrite(new URL(NOT_FOUND_REWRITE_PATH, request.url), {
        request: { headers },
      });
    case "error":
      reportError(new Error(outcome.message), {
        path: pathname,
        userAgent: request.headers.get("user-agent") ?? undefined,
      });
      return new NextResponse(outcome.message, { status: 500 });
    case "pass": {
      if (outcome.desk) headers.set(deskHeaderName, outcome.desk.slug);
      const response = NextResponse.next({ request: { headers } });
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
    // Everything except the BFF (/api), Next's own assets and public files.
    "/((?!api(?:/|$)|_next/static|_next/image|favicon\\.ico|.*\\.(?:ico|png|jpe?g|gif|svg|webp|avif|txt|xml|webmanifest|woff2?)$).*)",
  ],
};
