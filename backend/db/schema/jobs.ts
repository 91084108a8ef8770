import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { JOB_STATES, type TJobState } from "../../../lib/contract/jobs";
import { tenants } from "./tenants";

/**
 * The job queue (ARCHITECTURE decision 10, docs/jobs.md): one row per job, claimed by a
 * worker with `FOR UPDATE SKIP LOCKED`, so any number of api processes on one database run
 * each job once. A job belongs to a tenant (mail of a site) or to none (platform work such
 * as the cleanup of finished jobs); row security lets a tenant's transaction insert only its
 * own jobs and read its own and the platform's (migration 0010).
 */

export { JOB_STATES, type TJobState };

export const JOB_KIND_MAX = 100;
export const JOB_IDEMPOTENCY_KEY_MAX = 200;
export const JOB_ERROR_MAX = 2000;

const quoted = (list: readonly string[]) => sql.raw(list.map((a) => `'${a}'`).join(", "));

export const jobs = pgTable(
  "jobs",
  {
    id: serial("id").primaryKey(),
    /** null: a platform job (no site's data), e.g. the cleanup schedule. */
    tenantId: integer("tenant_id").references(() => tenants.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<unknown>().notNull().default({}),
    state: text("state").$type<TJobState>().notNull().default("queued"),
    /** Runs started so far (a claim counts one, also when its worker died). */
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(8),
    /** Not before: the first run, or the next try after a backoff. */
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    /** The claim of a running job: when and by which worker; its lease runs from locked_at. */
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    /** Enqueueing the same key twice (per tenant and kind) keeps one job. */
    idempotencyKey: text("idempotency_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    // The claim: due queued jobs in run_at order. Partial, so finished rows cost nothing.
    index("jobs_due_idx").on(t.runAt, t.id).where(sql`${t.state} = 'queued'`),
    // Lease recovery: running jobs by the age of their claim.
    index("jobs_running_idx").on(t.lockedAt).where(sql`${t.state} = 'running'`),
    // The back office's list (per tenant, by state, newest first) and the cleanup.
    index("jobs_tenant_state_idx").on(t.tenantId, t.state, t.id.desc()),
    index("jobs_finished_idx").on(t.finishedAt).where(sql`${t.finishedAt} is not null`),
    // One key per tenant and kind; a platform job (no tenant) counts as tenant 0.
    uniqueIndex("jobs_idempotency_idx")
      .on(sql`coalesce(${t.tenantId}, 0)`, t.kind, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check("jobs_state_check", sql`${t.state} in (${quoted(JOB_STATES)})`),
    check(
      "jobs_kind_check",
      sql`char_length(${t.kind}) between 1 and ${sql.raw(String(JOB_KIND_MAX))}`,
    ),
    check(
      "jobs_idempotency_key_check",
      sql`char_length(${t.idempotencyKey}) between 1 and ${sql.raw(String(JOB_IDEMPOTENCY_KEY_MAX))}`,
    ),
    check("jobs_attempts_check", sql`${t.attempts} >= 0 and ${t.maxAttempts} between 1 and 100`),
  ],
);
