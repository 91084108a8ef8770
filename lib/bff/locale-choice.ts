import "server-only";
import type { TBffConfig } from "@/lib/bff/config";
import { bffErrorResponse } from "@/lib/bff/errors";
import { isHttpsRequest, requestOrigin } from "@/lib/bff/request-info";
import { requestTenant } from "@/lib/bff/request-tenant";
import { isSameOriginAllowed } from "@/lib/bff/same-origin";
import { requestIdOf } from "@/lib/bff/upstream-headers";
import { isLocale, localeCookie, localeQueryParam } from "@/lib/i18n/config";
import { resolveNavigationTarget } from "@/lib/navigation/safe-navigation";

// The language panel's choice (spec §2, §9; docs/public-pages.md, "The header without
// JavaScript"): a plain form POST, so it works before the page's JavaScript has run and
// without it. The choice goes into the locale cookie and the browser goes back to the page
// it came from, now in that language.

/**
 * The page the form was sent from, from the Referer: a path on this site only (anything else
 * is "/"), without `?lang=`, which would otherwise set the language back (proxy.ts).
 */
export function localeReturnPath(referer: string | null, origin: string | undefined): string {
  const target = resolveNavigationTarget(referer, { origin });
  if (target?.kind !== "internal") return "/";
  // An internal path never starts with "//" (safe-navigation.ts), so it stays on this base.
  const url = new URL(target.path, "http://volunteerly.invalid");
  url.searchParams.delete(localeQueryParam);
  return `${url.pathname}${url.search}${url.hash}`;
}

async function chosenLocale(request: Request): Promise<string | null> {
  try {
    const value = (await request.formData()).get("locale");
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}

/** POST localeChoicePath (/api/locale, form field `locale`): 303 back to the page, with the cookie set. */
export async function chooseLocale(
  request: Request,
  config: Pick<TBffConfig, "tenantCookieName" | "hostMap" | "defaultTenant">,
): Promise<Response> {
  const requestId = requestIdOf(request);
  if (request.method.toUpperCase() !== "POST") {
    const response = bffErrorResponse("method_not_allowed", requestId);
    response.headers.set("allow", "POST");
    return response;
  }
  if (!isSameOriginAllowed(request)) return bffErrorResponse("cross_origin", requestId);
  const locale = await chosenLocale(request);
  if (!isLocale(locale)) return bffErrorResponse("unknown_locale", requestId);

  const origin = requestOrigin(request);
  const path = localeReturnPath(request.headers.get("referer"), origin);
  const headers = new Headers({
    location: new URL(path, origin ?? request.url).toString(),
    "cache-control": "no-store",
  });
  // A tenant that does not switch language (spec §1) shows no panel; a crafted post changes nothing.
  if (requestTenant(request, config).features.languageSwitch) {
    headers.append("set-cookie", localeCookie(locale, isHttpsRequest(request)));
  }
  return new Response(null, { status: 303, headers });
}
