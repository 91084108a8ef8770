import type { BrowserContext, Page } from "@playwright/test";
import { createTranslator } from "use-intl/core";
import en from "../../messages/en.json" with { type: "json" };
import nl from "../../messages/nl.json" with { type: "json" };

// The specs read the app's own texts, so a reworded message does not break them and a
// missing translation does (spec §1: nl and en; Dutch by default).

export const LOCALES = ["nl", "en"] as const;
export type TLocale = (typeof LOCALES)[number];

/** The root translator for `locale`: t("auth.errors.invalidCredentials"). */
export function translator(locale: TLocale) {
  return createTranslator({ locale, messages: locale === "en" ? en : nl });
}

/**
 * Makes `locale` the active language. nl is the default (playwright.config sends
 * Accept-Language nl-NL); en is chosen with the locale cookie, as the language switch
 * does (spec §9: cookie i18n_redirected).
 */
export async function chooseLocale(context: BrowserContext, baseURL: string, locale: TLocale) {
  if (locale === "nl") return;
  await context.addCookies([{ name: "i18n_redirected", value: locale, url: baseURL }]);
}

/** The language the page is rendered in, as <html lang> says. */
export async function pageLocale(page: Page): Promise<string | null> {
  return page.locator("html").getAttribute("lang");
}
