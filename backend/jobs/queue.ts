import { and, eq, inArray, isNotNull, lt, lte, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { JOB_ERROR_MAX, jobs } from "../db/schema";
import type { TJobDefinition } from "./registry";

/**
 * The queue's statements (docs/jobs.md). Times come from the caller's clock, so tests can
 * move a worker through backoffs and leases without waiting.
 */

export type TEnqueueOptions = {
  /** The tenant whose change causes the job; null only for platform jobs (the owner's). */
  tenantId: number | null;
  /** Enqueueing the same key again (same tenant and kind) keeps the first job. */
  idempotencyKey?: string;
  runAt?: Date;
  maxAttempts?: number;
};

export type TEnqueued = { id: number; created: boolean };

/**
 * "Now" on the worker's clock, not the database's: the column's default (now(), in
 * microseconds) can lie up to a millisecond after the worker's next claim (a JS date, in
 * milliseconds), so a job enqueued and claimed within one millisecond was not yet due and
 * waited for the next poll.
 */
const dueNow = () => new Date();

/**
 * Adds a job in the caller's transaction: inside withTenant, the job exists only if the
 * change that causes it commits. The payload is checked against the kind's schema here, so
 * a bad payload is the caller's error, not a job that fails later.
 */
export async function enqueue<TPayload>(
  tx: AppDb,
  definition: TJobDefinition<TPayload>,
  payload: TPayload,
  options: TEnqueueOptions,
): Promise<TEnqueued> {
  const checked = definition.payload.parse(payload);
  const [row] = await tx
    .insert(jobs)
    .values({
      tenantId: options.tenantId,
      kind: definition.kind,
      payload: checked,
      maxAttempts: options.maxAttempts ?? definition.maxAttempts ?? 8,
      idempotencyKey: options.idempotencyKey ?? null,
      runAt: options.runAt ?? dueNow(),
    })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  if (row) return { id: row.id, created: true };
  // The key was taken: the job that holds it (row security lets a tenant see its own).
  const [existing] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        options.tenantId === null
          ? sql`${jobs.tenantId} is null`
          : eq(jobs.tenantId, options.tenantId),
        eq(jobs.kind, definition.kind),
        eq(jobs.idempotencyKey, options.idempotencyKey ?? ""),
      ),
    );
  if (!existing) throw new Error(`job ${definition.kind} was neither added nor found`);
  return { id: existing.id, created: false };
}

/**
 * Adds many jobs of one kind in one statement (a thousand rows at a time), each as enqueue
 * would: checked payloads, and a key already taken keeps its first job. How many were new.
 */
export async function enqueueMany<TPayload>(
  tx: AppDb,
  definition: TJobDefinition<TPayload>,
  entries: readonly { payload: TPayload; options: TEnqueueOptions }[],
): Promise<number> {
  const rows = entries.map(({ payload, options }) => ({
    tenantId: options.tenantId,
    kind: definition.kind,
    payload: definition.payload.parse(payload),
    maxAttempts: options.maxAttempts ?? definition.maxAttempts ?? 8,
    idempotencyKey: options.idempotencyKey ?? null,
    runAt: options.runAt ?? dueNow(),
  }));
  let created = 0;
  for (let start = 0; start < rows.length; start += ENQUEUE_BATCH) {
    const inserted = await tx
      .insert(jobs)
      .values(rows.slice(start, start + ENQUEUE_BATCH))
      .onConflictDoNothing()
      .returning({ id: jobs.id });
    created += inserted.length;
  }
  return created;
}

// Seven parameters a row: a thousand rows stay well inside PostgreSQL's 65,535.
const ENQUEUE_BATCH = 1000;

export type TClaimedJob = {
  id: number;
  tenantId: number | null;
  kind: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
};

/**
 * Claims up to `limit` due jobs of the given kinds for `workerId`, oldest run_at first.
 * `FOR UPDATE SKIP LOCKED` lets workers on other processes claim other rows at the same
 * moment instead of waiting for, or taking, these. A claim counts as an attempt.
 */
export async function claimDue(
  db: AppDb,
  options: { workerId: string; kinds: string[]; limit: number; now: Date },
): Promise<TClaimedJob[]> {
  if (options.kinds.length === 0 || options.limit < 1) return [];
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.state, "queued"),
        lte(jobs.runAt, options.now),
        inArray(jobs.kind, options.kinds),
      ),
    )
    .orderBy(jobs.runAt, jobs.id)
    .limit(options.limit)
    .for("update", { skipLocked: true });
  const rows = await db
    .update(jobs)
    .set({
      state: "running",
      attempts: sql`${jobs.attempts} + 1`,
      lockedAt: options.now,
      lockedBy: options.workerId,
      updatedAt: options.now,
    })
    .where(inArray(jobs.id, due))
    .returning({
      id: jobs.id,
      tenantId: jobs.tenantId,
      kind: jobs.kind,
      payload: jobs.payload,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
    });
  return rows.sort((a, b) => a.id - b.id);
}

/** The claim still ours: a worker whose lease ran out and was taken over changes nothing. */
const ours = (id: number, workerId: string) =>
  and(eq(jobs.id, id), eq(jobs.state, "running"), eq(jobs.lockedBy, workerId));

export async function markSucceeded(
  db: AppDb,
  job: { id: number; workerId: string; now: Date; payload?: unknown },
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      state: "succeeded",
      finishedAt: job.now,
      updatedAt: job.now,
      lockedAt: null,
      lockedBy: null,
      lastError: null,
      ...(job.payload === undefined ? {} : { payload: job.payload }),
    })
    .where(ours(job.id, job.workerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export const errorText = (error: unknown): string => {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > JOB_ERROR_MAX ? `${text.slice(0, JOB_ERROR_MAX - 1)}…` : text;
};

/** A failed run: queued again at `retryAt`, or failed for good (no retryAt, or no tries left). */
export async function markAttemptFailed(
  db: AppDb,
  job: { id: number; workerId: string; now: Date; error: string; retryAt: Date | null },
): Promise<"queued" | "failed" | "lost"> {
  const state = job.retryAt ? "queued" : "failed";
  const rows = await db
    .update(jobs)
    .set({
      state,
      lastError: job.error,
      updatedAt: job.now,
      lockedAt: null,
      lockedBy: null,
      ...(job.retryAt ? { runAt: job.retryAt } : { finishedAt: job.now }),
    })
    .where(ours(job.id, job.workerId))
    .returning({ id: jobs.id });
  return rows.length > 0 ? state : "lost";
}

/**
 * Jobs whose worker stopped mid-run (a crash, a killed process): once the lease has run
 * out they are queued again at once, or failed when that run was the last attempt. A job
 * that outlives its lease may so run twice: handlers are written to bear that (docs/jobs.md).
 */
export async function recoverExpired(
  db: AppDb,
  options: { now: Date; leaseMs: number },
): Promise<number> {
  const expiredBefore = new Date(options.now.getTime() - options.leaseMs);
  const rows = await db
    .update(jobs)
    .set({
      state: sql`case when ${jobs.attempts} >= ${jobs.maxAttempts} then 'failed' else 'queued' end`,
      finishedAt: sql`case when ${jobs.attempts} >= ${jobs.maxAttempts} then ${options.now.toISOString()}::timestamptz else null end`,
      lastError: sql`'lease expired: worker ' || coalesce(${jobs.lockedBy}, '?') || ' did not finish within ' || ${String(Math.round(options.leaseMs / 1000))} || ' s'`,
      runAt: options.now,
      updatedAt: options.now,
      lockedAt: null,
      lockedBy: null,
    })
    .where(and(eq(jobs.state, "running"), lt(jobs.lockedAt, expiredBefore)))
    .returning({ id: jobs.id });
  return rows.length;
}

/** Deletes finished jobs (succeeded or failed) that finished before `before`. */
export async function deleteFinished(db: AppDb, before: Date): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(
      and(
        inArray(jobs.state, ["succeeded", "failed"]),
        isNotNull(jobs.finishedAt),
        lt(jobs.finishedAt, before),
      ),
    )
    .returning({ id: jobs.id });
  return rows.length;
}

/**
 * Exponential backoff with jitter after the `attempt`-th failed run: 10 s, 20 s, 40 s, …
 * up to an hour, each drawn from its upper half so workers that failed together do not
 * all come back in the same instant.
 */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = 10_000 * 2 ** Math.max(0, Math.min(attempt - 1, 20));
  const ceiling = Math.min(base, 3_600_000);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
