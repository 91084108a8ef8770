import { sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDb } from "../../../backend/db/client";
import { jobs } from "../../../backend/db/schema";
import { defaultJobRegistry } from "../../../backend/jobs";
import { defineJob, PermanentJobError } from "../../../backend/jobs/registry";

/**
 * Job kinds for tests only. They are registered by the tests' own registries (and the
 * worker entry of the two-process test), never by backend/jobs/index.ts, so a production
 * worker does not claim them and nothing in the api can enqueue them.
 */

/** Records every run in test_job_runs (job id, process, attempt). */
export const recordJob = defineJob({
  kind: "test.record",
  // holdMs: how long the run takes, so one process cannot empty a queue before another claims.
  payload: z
    .object({ n: z.number().int(), holdMs: z.number().int().min(0).max(100).optional() })
    .strict(),
  async handler({ holdMs }, { db, job }) {
    if (holdMs) await new Promise((resolve) => setTimeout(resolve, holdMs));
    await db.execute(
      sql`insert into test_job_runs (job_id, pid, attempt) values (${job.id}, ${process.pid}, ${job.attempts})`,
    );
  },
});

/** Fails its first `failures` runs, then succeeds. */
export const flakyJob = defineJob({
  kind: "test.flaky",
  payload: z.object({ failures: z.number().int().min(0) }).strict(),
  maxAttempts: 4,
  async handler({ failures }, { job }) {
    if (job.attempts <= failures) throw new Error(`run ${job.attempts} failed on purpose`);
  },
});

/** Fails in a way trying again cannot mend. */
export const brokenJob = defineJob({
  kind: "test.broken",
  payload: z.object({}).strict(),
  async handler() {
    throw new PermanentJobError("the input cannot be processed");
  },
});

export function testJobRegistry() {
  return defaultJobRegistry().register(recordJob).register(flakyJob).register(brokenJob);
}

export async function createRunsTable(db: AppDb) {
  await db.execute(
    sql`create table if not exists test_job_runs (id serial primary key, job_id integer not null, pid integer not null, attempt integer not null)`,
  );
}

/** A mail job of the tenant that failed for good, as the worker leaves one. */
export async function createFailedJob(db: AppDb, tenantId: number | null, lastError = "smtp down") {
  const [row] = await db
    .insert(jobs)
    .values({
      tenantId,
      kind: "mail",
      payload: { to: "someone@example.test", subject: "Onderwerp", text: "Hallo" },
      state: "failed",
      attempts: 10,
      maxAttempts: 10,
      lastError,
      finishedAt: new Date(),
    })
    .returning();
  return row;
}
