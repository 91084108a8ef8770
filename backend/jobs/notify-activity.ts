import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { type AppDb, withTenant } from "../db/client";
import { activities, activityRegistrations, notifications, tenants } from "../db/schema";
import { templateFor } from "../mail/notification-templates/applicable";
import {
  activityNotice,
  activityNoticeMail,
  type TActivityNoticeKind,
} from "../mail/templates/activity-notices";
import { mailLocale } from "../mail/templates/layout";
import { enqueueMail } from "./mail";
import { enqueue, enqueueMany } from "./queue";
import { activeRecipient, tenantName } from "./recipient";
import { defineJob, PermanentJobError } from "./registry";
import type { TSchedule } from "./schedules";
import { siteOriginOf } from "./site-origin";

/**
 * What the people of an activity hear of it (docs/activity-writes.md): one job per person,
 * enqueued in the transaction of the change, rendered when it runs in the person's own
 * language (a notification and a mail):
 * - `changed`: a published activity's time or place changed (registered and waiting);
 * - `cancelled`: it was cancelled (registered and waiting);
 * - `reminder`: it starts within 48 hours (registered only), from the schedule below.
 * A place given back meanwhile tells nothing; nor does a reminder of an activity that was
 * cancelled or has begun by then.
 */

const KINDS = [
  "changed",
  "cancelled",
  "reminder",
] as const satisfies readonly TActivityNoticeKind[];

const ZNotifyActivity = z.object({
  registrationId: z.number().int().positive(),
  kind: z.enum(KINDS),
  origin: z.string().url().max(300).nullable(),
});

export const notifyActivityJob = defineJob({
  kind: "notify.activity",
  payload: ZNotifyActivity,
  async handler(payload, { db, job, now, log }) {
    if (job.tenantId === null) throw new PermanentJobError("a notification needs a tenant");
    const tenantId = job.tenantId;
    await withTenant(db, tenantId, async (tx) => {
      const [row] = await tx
        .select({
          userId: activityRegistrations.userId,
          status: activityRegistrations.status,
          activityId: activities.id,
          activityStatus: activities.status,
          title: activities.title,
          startsAt: activities.startsAt,
          endsAt: activities.endsAt,
          allDay: activities.allDay,
          online: activities.online,
          locationName: activities.locationName,
          street: activities.street,
          city: activities.city,
        })
        .from(activityRegistrations)
        .innerJoin(activities, eq(activities.id, activityRegistrations.activityId))
        .where(
          and(
            eq(activityRegistrations.tenantId, tenantId),
            eq(activityRegistrations.id, payload.registrationId),
          ),
        );
      if (!row || row.status === "cancelled") return;
      if (payload.kind === "reminder") {
        const begun = row.startsAt.getTime() <= now.getTime();
        if (row.status !== "registered" || row.activityStatus !== "published" || begun) return;
      }
      if (payload.kind === "changed" && row.activityStatus !== "published") return;
      const recipient = await activeRecipient(tx, tenantId, row.userId);
      if (!recipient) return;
      const locale = mailLocale(recipient.locale);
      const path = `/activiteiten/${row.activityId}`;
      const template = await templateFor(tx, tenantId, {
        centreId: recipient.volunteerCenterId,
        key: `activity.${payload.kind}`,
        locale,
        log,
        link: payload.origin ? `${payload.origin}${path}` : null,
      });
      const notice = activityNotice(locale, payload.kind, row, template);
      await tx.insert(notifications).values({
        tenantId,
        userId: row.userId,
        kind: "system",
        title: notice.title,
        body: notice.body,
        url: path,
      });
      const mail = activityNoticeMail({
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

/**
 * In the transaction of the change: one job for each of these places. `eventKey` names
 * the change (a cancellation is told once; every change of time or place anew).
 */
export function notifyActivityPeople(
  tx: AppDb,
  tenantId: number,
  params: {
    registrationIds: readonly number[];
    kind: Exclude<TActivityNoticeKind, "reminder">;
    eventKey: string;
    origin: string | null;
  },
) {
  return enqueueMany(
    tx,
    notifyActivityJob,
    params.registrationIds.map((registrationId) => ({
      payload: { registrationId, kind: params.kind, origin: params.origin },
      options: {
        tenantId,
        idempotencyKey: `activity_${params.kind}:${params.eventKey}:${registrationId}`,
      },
    })),
  );
}

const REMINDER_MS = 48 * 3600_000;
/** At most this many places per tenant and run; the next run takes the rest. */
const REMINDER_BATCH = 2000;

/**
 * The 48-hour reminder. The platform job hands each tenant a job; a tenant's job finds the
 * places at published activities that start within 48 hours, taken (or moved up to) while
 * the activity was still more than 48 hours away, and enqueues one reminder each. The
 * idempotency key is the place and the start it reminds of: every run finds the same places
 * again and adds nothing, and an activity moved to a later date reminds once more. Someone
 * who signs up within the last 48 hours knows it is near, and gets no reminder.
 */
export const activityRemindersJob = defineJob({
  kind: "activities.reminders",
  payload: z.object({}).strict(),
  maxAttempts: 3,
  async handler(_payload, { db, job, now, config }) {
    if (job.tenantId === null) {
      const rows = await db.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id));
      for (const { id } of rows) {
        await enqueue(
          db,
          activityRemindersJob,
          {},
          { tenantId: id, idempotencyKey: `run-${job.id}`, runAt: now },
        );
      }
      return;
    }
    const tenantId = job.tenantId;
    const [tenant] = await db
      .select({ slug: tenants.slug })
      .from(tenants)
      .where(eq(tenants.id, tenantId));
    if (!tenant) return;
    const origin = siteOriginOf(config, tenant.slug);
    await withTenant(db, tenantId, async (tx) => {
      const due = await tx
        .select({ id: activityRegistrations.id, startsAt: activities.startsAt })
        .from(activityRegistrations)
        .innerJoin(activities, eq(activities.id, activityRegistrations.activityId))
        .where(
          and(
            eq(activityRegistrations.tenantId, tenantId),
            eq(activityRegistrations.status, "registered"),
            eq(activities.status, "published"),
            gt(activities.startsAt, now),
            lte(activities.startsAt, new Date(now.getTime() + REMINDER_MS)),
            // The place was theirs (taken or moved up to) before the 48 hours began.
            sql`coalesce(${activityRegistrations.promotedAt}, ${activityRegistrations.createdAt}) <= ${activities.startsAt} - interval '48 hours'`,
          ),
        )
        .orderBy(asc(activityRegistrations.id))
        .limit(REMINDER_BATCH);
      await enqueueMany(
        tx,
        notifyActivityJob,
        due.map((place) => ({
          payload: { registrationId: place.id, kind: "reminder" as const, origin },
          options: {
            tenantId,
            idempotencyKey: `activity_reminder:${place.id}:${place.startsAt.toISOString()}`,
            runAt: now,
          },
        })),
      );
    });
  },
});

/** Every quarter of an hour: a reminder comes at most 15 minutes after its moment. */
export const activityRemindersSchedule: TSchedule = {
  name: "activities.reminders.quarterly",
  cron: "*/15 * * * *",
  job: activityRemindersJob,
  payload: {},
};
