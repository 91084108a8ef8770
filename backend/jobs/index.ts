import { cleanupJobsJob, cleanupJobsSchedule } from "./cleanup";
import { prepareDataExportJob } from "./data-exports";
import { formRetentionJob, formRetentionSchedule } from "./form-retention";
import { mailJob } from "./mail";
import { notifyJob } from "./notify";
import {
  activityRemindersJob,
  activityRemindersSchedule,
  notifyActivityJob,
} from "./notify-activity";
import { notifyHelpPostJob } from "./notify-help-post";
import { notifyInvitationJob } from "./notify-invitation";
import { notifyMessageJob } from "./notify-message";
import { notifyPromotedJob } from "./notify-registration";
import { periodicMailPlanJob, periodicMailSchedule, periodicMailSendJob } from "./periodic-mail";
import { JobRegistry } from "./registry";
import { replyNudgesJob, replyNudgesSchedule } from "./reply-nudges";
import { checkSchedules, type TSchedule } from "./schedules";
import { unlinkMessagesJob } from "./unlink-messages";

/** Every job kind the api runs (docs/jobs.md): add a new kind here. */
export function defaultJobRegistry(): JobRegistry {
  return new JobRegistry()
    .register(mailJob)
    .register(notifyJob)
    .register(notifyMessageJob)
    .register(notifyHelpPostJob)
    .register(notifyPromotedJob)
    .register(cleanupJobsJob)
    .register(replyNudgesJob)
    .register(prepareDataExportJob)
    .register(unlinkMessagesJob)
    .register(notifyInvitationJob)
    .register(periodicMailPlanJob)
    .register(periodicMailSendJob)
    .register(notifyActivityJob)
    .register(activityRemindersJob)
    .register(formRetentionJob);
}

/** Every schedule the api runs: add a new schedule here. */
export function defaultSchedules(): TSchedule[] {
  const schedules = [
    cleanupJobsSchedule,
    replyNudgesSchedule,
    periodicMailSchedule,
    activityRemindersSchedule,
    formRetentionSchedule,
  ];
  checkSchedules(schedules);
  return schedules;
}
