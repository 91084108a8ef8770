import { z } from "zod";
import { CONTACT_RETENTION_MONTHS } from "../../lib/contract/contact";
import { DATA_EXPORT_LINK_HOURS } from "../../lib/contract/data-exports";
import { deleteContactMessagesBefore } from "../queries/contact-messages";
import { expireDataExports } from "../queries/data-exports";
import { deleteFinished } from "./queue";
import { defineJob } from "./registry";
import type { TSchedule } from "./schedules";

const DAY_MS = 24 * 3600_000;

/**
 * Deletes jobs that finished (succeeded or failed) more than JOBS_RETENTION_DAYS ago, and
 * the content of data exports whose link ran out (docs/data-exports.md), and the contact
 * messages older than CONTACT_RETENTION_MONTHS (docs/contact-form.md).
 */
export const cleanupJobsJob = defineJob({
  kind: "jobs.cleanup",
  payload: z.object({}).strict(),
  maxAttempts: 3,
  async handler(_payload, { db, config, now, log }) {
    const before = new Date(now.getTime() - config.JOBS_RETENTION_DAYS * DAY_MS);
    const deleted = await deleteFinished(db, before);
    log.info({ deleted, before: before.toISOString() }, "finished jobs deleted");
    const linkMs = DATA_EXPORT_LINK_HOURS * 3600_000;
    const exports = await expireDataExports(db, now, new Date(now.getTime() - linkMs));
    log.info(exports, "data exports past their link expired");
    const messagesBefore = new Date(now);
    messagesBefore.setUTCMonth(messagesBefore.getUTCMonth() - CONTACT_RETENTION_MONTHS);
    const messages = await deleteContactMessagesBefore(db, messagesBefore);
    log.info({ deleted: messages }, "contact messages past their retention deleted");
  },
});

/** Every night at 03:30 Dutch time. */
export const cleanupJobsSchedule: TSchedule = {
  name: "jobs.cleanup.daily",
  cron: "30 3 * * *",
  job: cleanupJobsJob,
  payload: {},
};
