import { type AppLocale, localeCookie } from "@/lib/i18n/config";

/**
 * Stores the language choice where lib/i18n/request.ts looks first (spec §9: cookie
 * i18n_redirected, 365 days), from the browser.
 */
export function writeLocaleCookie(locale: AppLocale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie the server reads
  document.cookie = localeCookie(locale, window.location.protocol === "https:");
}
