import { and, count, desc, eq, gte, lt, min } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { dataExports } from "../db/schema";

/**
 * "Download my data" (docs/data-exports.md): the export rows of one person. The content is
 * the JSON document itself; a ready export is fetched by its mailed token's digest.
 */

export type TDataExportRow = typeof dataExports.$inferSelect;

/** The list's columns: never the content nor the digest. */
const listed = {
  id: dataExports.id,
  userId: dataExports.userId,
  status: dataExports.status,
  byteSize: dataExports.byteSize,
  readyAt: dataExports.readyAt,
  expiresAt: dataExports.expiresAt,
  downloadedAt: dataExports.downloadedAt,
  createdAt: dataExports.createdAt,
};

export async function listDataExports(db: AppDb, tenantId: number, userId: number, limit = 20) {
  return db
    .select(listed)
    .from(dataExports)
    .where(and(eq(dataExports.tenantId, tenantId), eq(dataExports.userId, userId)))
    .orderBy(desc(dataExports.id))
    .limit(limit);
}

/** How many exports the person asked for since `since`, and whether one is still pending. */
export async function recentDataExports(db: AppDb, tenantId: number, userId: number, since: Date) {
  const [row] = await db
    .select({ total: count(), oldest: min(dataExports.createdAt) })
    .from(dataExports)
    .where(
      and(
        eq(dataExports.tenantId, tenantId),
        eq(dataExports.userId, userId),
        gte(dataExports.createdAt, since),
      ),
    );
  const [pending] = await db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(
      and(
        eq(dataExports.tenantId, tenantId),
        eq(dataExports.userId, userId),
        eq(dataExports.status, "pending"),
      ),
    )
    .limit(1);
  return { total: row?.total ?? 0, oldest: row?.oldest ?? null, pendingId: pending?.id ?? null };
}

export async function insertDataExport(db: AppDb, tenantId: number, userId: number, now: Date) {
  const [row] = await db
    .insert(dataExports)
    .values({ tenantId, userId, status: "pending", createdAt: now, updatedAt: now })
    .returning(listed);
  return row;
}

/** The pending export a job prepares, locked so a second run of the job waits and then
 *  finds it done. */
export async function lockPendingExport(db: AppDb, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(
      and(
        eq(dataExports.tenantId, tenantId),
        eq(dataExports.id, id),
        eq(dataExports.status, "pending"),
      ),
    )
    .for("update");
  return row;
}

export async function markExportReady(
  db: AppDb,
  id: number,
  values: { content: string; digest: string; now: Date; expiresAt: Date },
) {
  await db
    .update(dataExports)
    .set({
      status: "ready",
      content: values.content,
      byteSize: Buffer.byteLength(values.content, "utf8"),
      tokenDigest: values.digest,
      readyAt: values.now,
      expiresAt: values.expiresAt,
      updatedAt: values.now,
    })
    .where(eq(dataExports.id, id));
}

export async function markExportFailed(db: AppDb, tenantId: number, id: number, now: Date) {
  await db
    .update(dataExports)
    .set({ status: "failed", updatedAt: now })
    .where(
      and(
        eq(dataExports.tenantId, tenantId),
        eq(dataExports.id, id),
        eq(dataExports.status, "pending"),
      ),
    );
}

/** The export a mailed token opens, in this tenant, whatever its state. */
export async function exportByDigest(db: AppDb, tenantId: number, digest: string) {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.tenantId, tenantId), eq(dataExports.tokenDigest, digest)));
  return row;
}

export async function markExportDownloaded(db: AppDb, id: number, now: Date) {
  await db
    .update(dataExports)
    .set({ downloadedAt: now, updatedAt: now })
    .where(eq(dataExports.id, id));
}

/**
 * The cleanup (owner connection, every tenant): ready exports past their time lose their
 * content and digest and become expired; a pending one whose job never finished within
 * the same time fails, so the person may ask again.
 */
export async function expireDataExports(db: AppDb, now: Date, pendingBefore: Date) {
  const expired = await db
    .update(dataExports)
    .set({ status: "expired", content: null, tokenDigest: null, updatedAt: now })
    .where(and(eq(dataExports.status, "ready"), lt(dataExports.expiresAt, now)))
    .returning({ id: dataExports.id });
  const failed = await db
    .update(dataExports)
    .set({ status: "failed", updatedAt: now })
    .where(and(eq(dataExports.status, "pending"), lt(dataExports.createdAt, pendingBefore)))
    .returning({ id: dataExports.id });
  return { expired: expired.length, failed: failed.length };
}
