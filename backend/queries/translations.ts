import { and, asc, eq, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { type TTranslationLocale, translations } from "../db/schema";

export type TTranslation = typeof translations.$inferSelect;

/** All of the tenant's overrides for one locale, by key: a handful per tenant, never paged. */
export function listTranslations(
  db: AppDb,
  tenantId: number,
  locale: TTranslationLocale,
): Promise<TTranslation[]> {
  return (
    db
      .select()
      .from(translations)
      .where(and(eq(translations.tenantId, tenantId), eq(translations.locale, locale)))
      // Byte order, so PGlite and PostgreSQL (whatever its locale) list keys alike.
      .orderBy(asc(sql`${translations.key} collate "C"`))
  );
}
