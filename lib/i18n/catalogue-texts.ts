import { createTranslator } from "next-intl";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";
import type { AppLocale } from "./config";
import type { Translator } from "./translator";

/**
 * spec §8 texts that arise outside a render, where no request's translator exists: the
 * proxy's 'Unknown route middleware' and the message loader's 'Failed loading locale'.
 * They come from the bundled messages in both languages. Reports to error monitoring use
 * the English text (spec §8 verbatim), so one failure groups as one issue whatever the
 * visitor's language; a visitor reads their own.
 */

const bundled = { nl, en } as const;

export function bundledTranslator(locale: AppLocale): Translator {
  return createTranslator({ locale, messages: bundled[locale] }) as unknown as Translator;
}

export const unknownRouteMiddlewareText = (t: Translator) => t("errors.unknownRouteMiddleware");
export const localeLoadFailureText = (t: Translator) => t("errors.localeLoadFailure");
