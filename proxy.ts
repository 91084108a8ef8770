import { type NextRequest, NextResponse } from "next/server";
import { requestHost } from "@/lib/bff/request-info";
import { env } from "@/lib/env";
import { signInPath } from "@/lib/navigation/sign-in-path";
import { tenantHeaderName } from "@/lib/request/tenant-header";
import { resolveTenant } from "@/lib/tenants/resolve-tenant";
import { tenantHostMap } from "@/lib/tenants/tenants";

// Next.js 16 runs proxy.ts (formerly middleware.ts) before every matched request.
// Issue 2 keeps it small: tenant → request header, and a presence check of the session
// cookie on the login-required pages of this issue. The route table and the full guard
// chain of spec §2 come later. This is a convenience, not the wall: pages and route
// handlers check the session themselves (STYLE.md).

/** spec §2: login-required routes built so far. */
const loginRequiredPaths = ["/dashboard", "/inloggen", "/uitloggen"];
const signOutPath = "/uitloggen";

const hostMap = tenantHostMap(env.TENANT_HOSTS);

/** spec §2: route matching ignores a trailing slash and case. */
function normalizePath(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, "") : lower;
}

function isLoginRequired(pathname: string): boolean {
  const path = normalizePath(pathname);
  return loginRequiredPaths.some((p) => path === p || path.startsWith(`${p}/`));
}

/** Only presence: unsealing needs the secret and is the page's job. `__Host-` over https. */
function hasSessionCookie(request: NextRequest): boolean {
  const name = env.SESSION_COOKIE_NAME;
  return request.cookies.has(name) || request.cookies.has(`__Host-${name}`);
}

export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;

  if (isLoginRequired(pathname) && !hasSessionCookie(request)) {
    // Coming back to /uitloggen after signing in would sign the user straight out again.
    const returnTo = normalizePath(pathname) === signOutPath ? undefined : `${pathname}${search}`;
    return NextResponse.redirect(new URL(signInPath(returnTo), request.url));
  }

  const tenant = resolveTenant({
    host: requestHost(request.headers, request.url),
    cookie: request.cookies.get(env.TENANT_COOKIE_NAME)?.value,
    hostMap,
    defaultSlug: env.DEFAULT_TENANT,
  });
  const headers = new Headers(request.headers);
  headers.set(tenantHeaderName, tenant);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: [
    // Everything except the BFF (/api), Next's own assets and public files.
    "/((?!api(?:/|$)|_next/static|_next/image|favicon\\.ico|.*\\.(?:ico|png|jpe?g|gif|svg|webp|avif|txt|xml|webmanifest|woff2?)$).*)",
  ],
};
