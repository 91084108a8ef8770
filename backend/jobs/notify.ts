import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { APPLICATION_STATUSES } from "../../lib/contract/applications";
import {
  channelFor,
  type TNotificationEventKind,
  wantsInApp,
  wantsMail,
} from "../../lib/contract/notification-preferences";
import { type AppDb, withTenant } from "../db/client";
import { applications, notifications, organizations, users, vacancies } from "../db/schema";
import { templateFor } from "../mail/notification-templates/applicable";
import {
  applicationNotice,
  applicationNoticeKey,
  applicationNoticeMail,
  type TApplicationNoticeEvent,
} from "../mail/templates/application-notices";
import { mailLocale } from "../mail/templates/layout";
import { enqueueMail } from "./mail";
import { enqueueMany } from "./queue";
import { activeRecipient, tenantName } from "./recipient";
import { defineJob, PermanentJobError } from "./registry";

/**
 * Telling one person of one event (docs/api-applications.md, "Notices"): in the app, by mail, both or
 * neither as they chose (users.notification_preferences), in their language, with a link
 * straight to the thing. One job per recipient, enqueued in the transaction of the change,
 * so a change that rolls back tells nobody; the texts are rendered when the job runs, in
 * the recipient's language of that moment, from what the application is then (a vacancy
 * renamed meanwhile reads with its new title).
 */

const ZNotify = z.object({
  event: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("application_received") }),
    z.object({ kind: z.literal("application_withdrawn") }),
    z.object({ kind: z.literal("application_status"), status: z.enum(APPLICATION_STATUSES) }),
    // Still unanswered after the centre's working days (docs/reply-times.md): the reminder
    // to the organisation's staff, and the word to the centre's admins.
    z.object({ kind: z.literal("application_reminder"), days: z.number().int().positive() }),
    z.object({ kind: z.literal("application_overdue"), days: z.number().int().positive() }),
  ]),
  applicationId: z.number().int().positive(),
  recipientId: z.number().int().positive(),
  /** The site the change was made on (https://host), for the mail's links. */
  origin: z.string().url().max(300).nullable(),
});
export type TNotifyJob = z.infer<typeof ZNotify>;

async function applicationFacts(tx: AppDb, tenantId: number, applicationId: number) {
  const applicant = users;
  const [row] = await tx
    .select({
      vacancyTitle: vacancies.title,
      organizationName: organizations.name,
      firstName: applicant.firstName,
      lastName: applicant.lastName,
    })
    .from(applications)
    .innerJoin(vacancies, eq(vacancies.id, applications.vacancyId))
    .innerJoin(organizations, eq(organizations.id, applications.organizationId))
    .innerJoin(applicant, eq(applicant.id, applications.userId))
    .where(and(eq(applications.tenantId, tenantId), eq(applications.id, applicationId)));
  if (!row) return null;
  const name = [row.firstName, row.lastName].filter(Boolean).join(" ").trim();
  return {
    vacancyTitle: row.vacancyTitle,
    organizationName: row.organizationName,
    // Nameless once the account was deleted: the notice then says "a volunteer".
    applicantName: name || null,
  };
}

/**
 * The preference that governs an event. The reply-time reminders have no switch of their
 * own: they are about applications received, so they follow that choice (someone who
 * hears of new applications only in the app is reminded only in the app).
 */
function preferenceKind(event: TNotifyJob["event"]): TNotificationEventKind {
  if (event.kind === "application_reminder" || event.kind === "application_overdue") {
    return "application_received";
  }
  return event.kind;
}

export const notifyJob = defineJob({
  kind: "notify",
  payload: ZNotify,
  async handler(payload, { db, job, now, log }) {
    if (job.tenantId === null) throw new PermanentJobError("a notification needs a tenant");
    const tenantId = job.tenantId;
    await withTenant(db, tenantId, async (tx) => {
      const recipient = await activeRecipient(tx, tenantId, payload.recipientId);
      if (!recipient) return;
      const facts = await applicationFacts(tx, tenantId, payload.applicationId);
      if (!facts) return;
      const channel = channelFor(recipient.preferences, preferenceKind(payload.event));
      const locale = mailLocale(recipient.locale);
      const event = payload.event as TApplicationNoticeEvent;
      const path = `/applications/${payload.applicationId}`;
      const template = await templateFor(tx, tenantId, {
        centreId: recipient.volunteerCenterId,
        key: applicationNoticeKey(event),
        locale,
        log,
        link: payload.origin ? `${payload.origin}${path}` : null,
      });
      const notice = applicationNotice(locale, event, facts, template);
      if (wantsInApp(channel)) {
        await tx.insert(notifications).values({
          tenantId,
          userId: payload.recipientId,
          kind: "application",
          title: notice.title,
          body: notice.body,
          url: path,
        });
      }
      if (wantsMail(channel)) {
        const mail = applicationNoticeMail({
          locale,
          firstName: recipient.firstName,
          tenantName: await tenantName(tx, tenantId),
          notice,
          origin: payload.origin,
          path,
        });
        await enqueueMail(tx, tenantId, { to: recipient.email, ...mail }, { runAt: now });
      }
    });
  },
});

export type TNotice = {
  event: TNotifyJob["event"];
  applicationId: number;
  recipientId: number;
  /** What makes this event one of a kind (the transition's id, the application's). */
  eventKey: string;
};

/**
 * Enqueues each notice, in `tx`, once per event and person, in one statement however many
 * there are (closing a vacancy tells every applicant at once).
 */
export async function notifyEach(
  tx: AppDb,
  tenantId: number,
  notices: readonly TNotice[],
  params: {
    origin: string | null;
    /** When the notices are due; a job passes its own clock (default: now). */
    runAt?: Date;
  },
): Promise<void> {
  await enqueueMany(
    tx,
    notifyJob,
    notices.map((notice) => ({
      payload: {
        event: notice.event,
        applicationId: notice.applicationId,
        recipientId: notice.recipientId,
        origin: params.origin,
      },
      options: {
        tenantId,
        idempotencyKey: `${notice.eventKey}:${notice.recipientId}`,
        ...(params.runAt ? { runAt: params.runAt } : {}),
      },
    })),
  );
}

/** Enqueues the notice of `event` to each recipient, in `tx`, once per event and person. */
export async function notifyAll(
  tx: AppDb,
  tenantId: number,
  params: {
    event: TNotifyJob["event"];
    applicationId: number;
    recipientIds: readonly number[];
    origin: string | null;
    /** What makes this event one of a kind (the transition's id, the application's). */
    eventKey: string;
    /** When the notices are due; a job passes its own clock (default: now). */
    runAt?: Date;
  },
): Promise<void> {
  await notifyEach(
    tx,
    tenantId,
    params.recipientIds.map((recipientId) => ({
      event: params.event,
      applicationId: params.applicationId,
      recipientId,
      eventKey: params.eventKey,
    })),
    { origin: params.origin, ...(params.runAt ? { runAt: params.runAt } : {}) },
  );
}
