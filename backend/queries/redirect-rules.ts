import { and, asc, count, eq, type SQL, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { redirectRules } from "../db/schema";

export type TRedirectRule = typeof redirectRules.$inferSelect;

/** Byte order ("C"): the same on PGlite and on PostgreSQL whatever the database's collation
 *  (a linguistic one ignores case, and glibc's en_US also skips '-' and '/'). */
export const redirectPathOrder = sql`${redirectRules.path} collate "C"`;

/** One page of the tenant's redirect rules; `orderBy` goes before the default path order. */
export async function listRedirectRules(
  db: AppDb,
  tenantId: number,
  params: { where?: SQL; orderBy: SQL[]; limit: number; offset: number },
): Promise<{ rows: TRedirectRule[]; records: number }> {
  const where = and(eq(redirectRules.tenantId, tenantId), params.where);
  const rows = await db
    .select()
    .from(redirectRules)
    .where(where)
    // path is unique per tenant, so after it the order is total and pages are stable.
    .orderBy(...params.orderBy, asc(redirectPathOrder))
    .limit(params.limit)
    .offset(params.offset);
  const [{ total }] = await db.select({ total: count() }).from(redirectRules).where(where);
  return { rows, records: total };
}
