import { sql } from "drizzle-orm";
import { check, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { z } from "zod";
import { tenantId, timestamps } from "./columns";

/**
 * A tenant's overrides of the web's bundled messages (ARCHITECTURE decision 7: bundled
 * messages overlaid by per-tenant overrides from the api; spec §7: one fetch per language).
 * One row per (locale, message key); the web decides which keys it overlays.
 */

// spec §9: 2 locales; the web's messages/nl.json and messages/en.json.
export const TRANSLATION_LOCALES = ["nl", "en"] as const;
export type TTranslationLocale = (typeof TRANSLATION_LOCALES)[number];

export const TRANSLATION_KEY_MAX = 200;
export const TRANSLATION_VALUE_MAX = 5000;
/** A message's dot path as next-intl names it (`auth.signIn.title`). One string for
 *  PostgreSQL and JavaScript: '[.]' rather than '\.', so no backslash needs escaping. */
export const TRANSLATION_KEY_PATTERN = "^[A-Za-z0-9_]+([.][A-Za-z0-9_]+)*$";

export const translations = pgTable(
  "translations",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    locale: text("locale").$type<TTranslationLocale>().notNull(),
    key: text("key").notNull(),
    value: text("value").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("translations_tenant_locale_key_idx").on(t.tenantId, t.locale, t.key),
    check("translations_locale_check", sql`${t.locale} in ('nl', 'en')`),
    check(
      "translations_key_check",
      sql`char_length(${t.key}) <= ${sql.raw(String(TRANSLATION_KEY_MAX))} and ${t.key} ~ ${sql.raw(`'${TRANSLATION_KEY_PATTERN}'`)}`,
    ),
    check(
      "translations_value_check",
      sql`char_length(${t.value}) <= ${sql.raw(String(TRANSLATION_VALUE_MAX))}`,
    ),
  ],
);

export const ZTranslationLocale = z.enum(TRANSLATION_LOCALES);

export const ZTranslation = z.object({
  locale: ZTranslationLocale,
  key: z.string().max(TRANSLATION_KEY_MAX).regex(new RegExp(TRANSLATION_KEY_PATTERN)),
  value: z.string().max(TRANSLATION_VALUE_MAX),
});
export type TTranslationInput = z.infer<typeof ZTranslation>;
