import { count, desc, eq } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { mailOutbox } from "../db/schema";

export type TOutboxMail = typeof mailOutbox.$inferSelect;

/**
 * One page of the tenant's outbox, newest first. mail_outbox has no row-level security
 * (tenant_id is nullable), so this tenant_id condition is the only wall: rows without a
 * tenant are never listed.
 */
export async function listOutboxMails(
  db: AppDb,
  tenantId: number,
  params: { limit: number; offset: number },
): Promise<{ rows: TOutboxMail[]; records: number }> {
  const where = eq(mailOutbox.tenantId, tenantId);
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(params.limit)
    .offset(params.offset);
  const [{ total }] = await db.select({ total: count() }).from(mailOutbox).where(where);
  return { rows, records: total };
}
