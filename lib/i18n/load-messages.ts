import type { AppLocale } from "./config";

/**
 * Bundled messages for a locale.
 *
 * Seam for a later issue (ARCHITECTURE.md §7): per-tenant overrides fetched from the
 * api (cached 24 h, spec §9) are deep-merged over these bundled messages here, so
 * callers of `loadMessages` need not change.
 */
export async function loadMessages(locale: AppLocale) {
  switch (locale) {
    case "en":
      return (await import("@/messages/en.json")).default;
    default:
      return (await import("@/messages/nl.json")).default;
  }
}
