import { cleanupJobsJob, cleanupJobsSchedule } from "./cleanup";
import { mailJob } from "./mail";
import { notifyJob } from "./notify";
import { notifyHelpPostJob } from "./notify-help-post";
import { notifyMessageJob } from "./notify-message";
import { JobRegistry } from "./registry";
import { replyNudgesJob, replyNudgesSchedule } from "./reply-nudges";
import { checkSchedules, type TSchedule } from "./schedules";

/** Every job kind the api runs (docs/jobs.md): add a new kind here. */
export function defaultJobRegistry(): JobRegistry {
  return new JobRegistry()
    .register(mailJob)
    .register(notifyJob)
    .register(notifyMessageJob)
    .register(notifyHelpPostJob)
    .register(cleanupJobsJob)
    .register(replyNudgesJob);
}

/** Every schedule the api runs: add a new schedule here. */
export function defaultSchedules(): TSchedule[] {
  const schedules = [cleanupJobsSchedule, replyNudgesSchedule];
  checkSchedules(schedules);
  return schedules;
}
