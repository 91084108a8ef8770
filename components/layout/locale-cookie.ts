import { type AppLocale, localeCookieMaxAge, localeCookieName } from "@/lib/i18n/config";

/**
 * Stores the language choice where lib/i18n/request.ts looks first (spec §9: cookie
 * i18n_redirected, 365 days). Path '/' and SameSite=Lax; Secure over https. Not
 * HttpOnly: it is a preference the browser itself sets.
 */
export function writeLocaleCookie(locale: AppLocale): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie the server reads
  document.cookie = `${localeCookieName}=${locale}; Path=/; Max-Age=${localeCookieMaxAge}; SameSite=Lax${secure}`;
}
