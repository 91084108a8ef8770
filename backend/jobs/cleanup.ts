import { z } from "zod";
import { deleteFinished } from "./queue";
import { defineJob } from "./registry";
import type { TSchedule } from "./schedules";

const DAY_MS = 24 * 3600_000;

/** Deletes jobs that finished (succeeded or failed) more than JOBS_RETENTION_DAYS ago. */
export const cleanupJobsJob = defineJob({
  kind: "jobs.cleanup",
  payload: z.object({}).strict(),
  maxAttempts: 3,
  async handler(_payload, { db, config, now, log }) {
    const before = new Date(now.getTime() - config.JOBS_RETENTION_DAYS * DAY_MS);
    const deleted = await deleteFinished(db, before);
    log.info({ deleted, before: before.toISOString() }, "finished jobs deleted");
  },
});

/** Every night at 03:30 Dutch time. */
export const cleanupJobsSchedule: TSchedule = {
  name: "jobs.cleanup.daily",
  cron: "30 3 * * *",
  job: cleanupJobsJob,
  payload: {},
};
