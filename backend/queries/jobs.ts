import { and, count, eq, isNull, or, type SQL } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { jobs } from "../db/schema";

/**
 * The back office's view of the job queue (docs/jobs.md): a tenant's jobs and the
 * platform's (tenant_id null), as row security allows them too. The payload is never
 * read here: a mail job's holds an address and a link with a token.
 */

const visible = (tenantId: number) => or(eq(jobs.tenantId, tenantId), isNull(jobs.tenantId));

export const jobColumns = {
  id: jobs.id,
  tenantId: jobs.tenantId,
  kind: jobs.kind,
  state: jobs.state,
  attempts: jobs.attempts,
  maxAttempts: jobs.maxAttempts,
  runAt: jobs.runAt,
  lockedAt: jobs.lockedAt,
  lastError: jobs.lastError,
  createdAt: jobs.createdAt,
  updatedAt: jobs.updatedAt,
  finishedAt: jobs.finishedAt,
};

export type TJobRow = {
  id: number;
  tenantId: number | null;
  kind: string;
  state: string;
  attempts: number;
  maxAttempts: number;
  runAt: Date;
  lockedAt: Date | null;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
};

export async function listJobs(
  db: AppDb,
  tenantId: number,
  params: { where: (SQL | undefined)[]; orderBy: SQL[]; limit: number; offset: number },
): Promise<{ rows: TJobRow[]; records: number }> {
  const where = and(visible(tenantId), ...params.where);
  const rows = await db
    .select(jobColumns)
    .from(jobs)
    .where(where)
    .orderBy(...params.orderBy)
    .limit(params.limit)
    .offset(params.offset);
  const [{ total }] = await db.select({ total: count() }).from(jobs).where(where);
  return { rows, records: total };
}

export async function findJob(db: AppDb, tenantId: number, id: number): Promise<TJobRow | null> {
  const [row] = await db
    .select(jobColumns)
    .from(jobs)
    .where(and(visible(tenantId), eq(jobs.id, id)))
    .for("update");
  return row ?? null;
}

/** A failed job queued again now, with a fresh set of attempts; its last error stays
 *  until the next run replaces it. */
export async function requeueJob(db: AppDb, tenantId: number, id: number, now: Date) {
  const [row] = await db
    .update(jobs)
    .set({ state: "queued", attempts: 0, runAt: now, finishedAt: null, updatedAt: now })
    .where(and(visible(tenantId), eq(jobs.id, id), eq(jobs.state, "failed")))
    .returning(jobColumns);
  return row ?? null;
}
