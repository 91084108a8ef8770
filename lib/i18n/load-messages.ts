import type { AppLocale } from "./config";

/**
 * Bundled messages for a locale. Server renders use lib/i18n/tenant-messages.ts, which
 * lays the tenant's overrides from the api over these.
 */
export async function loadMessages(locale: AppLocale) {
  switch (locale) {
    case "en":
      return (await import("@/messages/en.json")).default;
    default:
      return (await import("@/messages/nl.json")).default;
  }
}
