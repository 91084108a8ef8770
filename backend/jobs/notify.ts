import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { APPLICATION_STATUSES } from "../../lib/contract/applications";
import { channelFor, wantsInApp, wantsMail } from "../../lib/contract/notification-preferences";
import { type AppDb, withTenant } from "../db/client";
import { applications, notifications, organizations, users, vacancies } from "../db/schema";
import {
  applicationNotice,
  applicationNoticeMail,
  type TApplicationNoticeEvent,
} from "../mail/templates/application-notices";
import { mailLocale } from "../mail/templates/layout";
import { enqueueMail } from "./mail";
import { enqueue } from "./queue";
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

export const notifyJob = defineJob({
  kind: "notify",
  payload: ZNotify,
  async handler(payload, { db, job }) {
    if (job.tenantId === null) throw new PermanentJobError("a notification needs a tenant");
    const tenantId = job.tenantId;
    await withTenant(db, tenantId, async (tx) => {
      const recipient = await activeRecipient(tx, tenantId, payload.recipientId);
      if (!recipient) return;
      const facts = await applicationFacts(tx, tenantId, payload.applicationId);
      if (!facts) return;
      const channel = channelFor(recipient.preferences, payload.event.kind);
      const locale = mailLocale(recipient.locale);
      const notice = applicationNotice(locale, payload.event as TApplicationNoticeEvent, facts);
      const path = `/applications/${payload.applicationId}`;
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
        await enqueueMail(tx, tenantId, { to: recipient.email, ...mail });
      }
    });
  },
});

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
  },
): Promise<void> {
  for (const recipientId of params.recipientIds) {
    await enqueue(
      tx,
      notifyJob,
      {
        event: params.event,
        applicationId: params.applicationId,
        recipientId,
        origin: params.origin,
      },
      { tenantId, idempotencyKey: `${params.eventKey}:${recipientId}` },
    );
  }
}
