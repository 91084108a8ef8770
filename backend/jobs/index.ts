import { cleanupJobsJob, cleanupJobsSchedule } from "./cleanup";
import { mailJob } from "./mail";
import { notifyJob } from "./notify";
import { notifyMessageJob } from "./notify-message";
import { periodicMailPlanJob, periodicMailSchedule, periodicMailSendJob } from "./periodic-mail";
import { JobRegistry } from "./registry";
import { checkSchedules, type TSchedule } from "./schedules";

/** Every job kind the api runs (docs/jobs.md): add a new kind here. */
export function defaultJobRegistry(): JobRegistry {
  return new JobRegistry()
    .register(mailJob)
    .register(notifyJob)
    .register(notifyMessageJob)
    .register(cleanupJobsJob)
    .register(periodicMailPlanJob)
    .register(periodicMailSendJob);
}

/** Every schedule the api runs: add a new schedule here. */
export function defaultSchedules(): TSchedule[] {
  const schedules = [cleanupJobsSchedule, periodicMailSchedule];
  checkSchedules(schedules);
  return schedules;
}
