/** Interface languages (spec §1: nl and en; spec §9: 2 locales). */
export const locales = ["nl", "en"] as const;
export type AppLocale = (typeof locales)[number];

/** spec §1: "then the configured fallback"; validation messages are Dutch by default. */
export const defaultLocale: AppLocale = "nl";

/** spec §9: locale cookie key. */
export const localeCookieName = "i18n_redirected";
/** spec §9: locale cookie lives 365 days. In seconds, as cookies want it. */
export const localeCookieMaxAge = 365 * 24 * 60 * 60;

/**
 * The locale cookie as a Set-Cookie / document.cookie value: Path '/', SameSite=Lax, Secure
 * over https, not HttpOnly (a preference the browser itself may set). The one definition for
 * proxy.ts (`?lang=`), the language panel's form (lib/bff/locale-choice.ts) and its in-place
 * variant (components/layout/locale-cookie.ts).
 */
export function localeCookie(locale: AppLocale, secure: boolean): string {
  const flags = secure ? "; Secure" : "";
  return `${localeCookieName}=${locale}; Path=/; Max-Age=${localeCookieMaxAge}; SameSite=Lax${flags}`;
}

/** Where the language panel's form posts (lib/bff/locale-choice.ts). */
export const localeChoicePath = "/api/locale";

/** Dates are shown in Dutch time whatever the server's zone; avoids a server/client mismatch. */
export const timeZone = "Europe/Amsterdam";

export function isLocale(value: unknown): value is AppLocale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/**
 * Request header by which proxy.ts hands a language asked for in the URL (`?lang=en`, only
 * where the tenant switches language) to the render; always overwritten by the proxy.
 */
export const urlLocaleHeaderName = "x-volunteerly-locale";

/** The query parameter that names a page's language (docs/seo.md: hreflang without path prefixes). */
export const localeQueryParam = "lang";
