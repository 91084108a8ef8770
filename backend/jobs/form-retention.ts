import { z } from "zod";
import { deleteExpiredSubmissions } from "../queries/forms";
import { defineJob } from "./registry";
import type { TSchedule } from "./schedules";

/**
 * Deletes form submissions older than their form's retention days (docs/forms.md), every
 * tenant's at once: a platform job on the owner connection. A form without retention days
 * keeps its submissions until someone deletes them.
 */
export const formRetentionJob = defineJob({
  kind: "forms.retention",
  payload: z.object({}).strict(),
  maxAttempts: 3,
  async handler(_payload, { db, now, log }) {
    const deleted = await deleteExpiredSubmissions(db, now);
    log.info({ deleted }, "form submissions past their retention deleted");
  },
});

/** Every night at 04:15 Dutch time, after the jobs' own clean-up. */
export const formRetentionSchedule: TSchedule = {
  name: "forms.retention.daily",
  cron: "15 4 * * *",
  job: formRetentionJob,
  payload: {},
};
