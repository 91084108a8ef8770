import { cleanupJobsJob, cleanupJobsSchedule } from "./cleanup";
import { mailJob } from "./mail";
import { notifyJob } from "./notify";
import { notifyInvitationJob } from "./notify-invitation";
import { notifyMessageJob } from "./notify-message";
import { JobRegistry } from "./registry";
import { checkSchedules, type TSchedule } from "./schedules";

/** Every job kind the api runs (docs/jobs.md): add a new kind here. */
export function defaultJobRegistry(): JobRegistry {
  return new JobRegistry()
    .register(mailJob)
    .register(notifyJob)
    .register(notifyMessageJob)
    .register(notifyInvitationJob)
    .register(cleanupJobsJob);
}

/** Every schedule the api runs: add a new schedule here. */
export function defaultSchedules(): TSchedule[] {
  const schedules = [cleanupJobsSchedule];
  checkSchedules(schedules);
  return schedules;
}
