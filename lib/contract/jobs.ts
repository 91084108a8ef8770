/**
 * What the api and the web both know about background jobs (docs/jobs.md): the states a job
 * passes through and the kinds the worker runs. The api's table checks the states and its
 * registry defines a handler per kind (a test keeps the two lists equal); the back office's
 * job list filters on both.
 */

export const JOB_STATES = ["queued", "running", "succeeded", "failed"] as const;
export type TJobState = (typeof JOB_STATES)[number];

export const JOB_KINDS = [
  "mail",
  "notify",
  "notify.message",
  "notify.help_post_hidden",
  "notify.registration_promoted",
  "jobs.cleanup",
  "applications.reply_nudges",
  "data_exports.prepare",
  "account_deletions.unlink_messages",
  "notify.invitation",
  "periodic_mail.plan",
  "periodic_mail.send",
  "notify.activity",
  "activities.reminders",
  "forms.retention",
] as const;
export type TJobKind = (typeof JOB_KINDS)[number];
