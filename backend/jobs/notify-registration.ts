import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { type AppDb, withTenant } from "../db/client";
import { activities, activityRegistrations, notifications } from "../db/schema";
import { templateFor } from "../mail/notification-templates/applicable";
import { mailLocale } from "../mail/templates/layout";
import { promotedMail, promotedNotice } from "../mail/templates/registration-notices";
import { enqueueMail } from "./mail";
import { enqueue } from "./queue";
import { activeRecipient, tenantName } from "./recipient";
import { defineJob, PermanentJobError } from "./registry";

/**
 * Tells someone that a place at an activity came free and is now theirs
 * (docs/activity-registrations.md). Rendered when it runs: a place given back meanwhile
 * tells nothing.
 */
const ZNotifyPromoted = z.object({
  registrationId: z.number().int().positive(),
  origin: z.string().url().max(300).nullable(),
});

export const notifyPromotedJob = defineJob({
  kind: "notify.registration_promoted",
  payload: ZNotifyPromoted,
  async handler(payload, { db, job, log }) {
    if (job.tenantId === null) throw new PermanentJobError("a notification needs a tenant");
    const tenantId = job.tenantId;
    await withTenant(db, tenantId, async (tx) => {
      const [row] = await tx
        .select({
          userId: activityRegistrations.userId,
          status: activityRegistrations.status,
          activityId: activities.id,
          title: activities.title,
          startsAt: activities.startsAt,
        })
        .from(activityRegistrations)
        .innerJoin(activities, eq(activities.id, activityRegistrations.activityId))
        .where(
          and(
            eq(activityRegistrations.tenantId, tenantId),
            eq(activityRegistrations.id, payload.registrationId),
          ),
        );
      if (row?.status !== "registered") return;
      const recipient = await activeRecipient(tx, tenantId, row.userId);
      if (!recipient) return;
      const locale = mailLocale(recipient.locale);
      const path = `/activiteiten/${row.activityId}`;
      const template = await templateFor(tx, tenantId, {
        centreId: recipient.volunteerCenterId,
        key: "registration.promoted",
        locale,
        log,
        link: payload.origin ? `${payload.origin}${path}` : null,
      });
      const notice = promotedNotice(locale, row.title, row.startsAt, template);
      await tx.insert(notifications).values({
        tenantId,
        userId: row.userId,
        kind: "system",
        title: notice.title,
        body: notice.body,
        url: path,
      });
      const mail = promotedMail({
        locale,
        firstName: recipient.firstName,
        tenantName: await tenantName(tx, tenantId),
        notice,
        origin: payload.origin,
        path,
      });
      await enqueueMail(tx, tenantId, { to: recipient.email, ...mail });
    });
  },
});

/** In the transaction that gives the place: one notice per promotion. */
export function notifyPromoted(
  tx: AppDb,
  tenantId: number,
  params: { registrationId: number; origin: string | null },
) {
  return enqueue(
    tx,
    notifyPromotedJob,
    { registrationId: params.registrationId, origin: params.origin },
    { tenantId, idempotencyKey: `registration_promoted:${params.registrationId}` },
  );
}
