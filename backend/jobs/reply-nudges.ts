import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { withTenant } from "../db/client";
import { tenants } from "../db/schema";
import { workingDaysAfter } from "../domain/working-days";
import { organizationStaffIds } from "../queries/applications";
import {
  centerAdminIds,
  markApplication,
  type TUnanswered,
  unansweredApplications,
} from "../queries/reply-times";
import { notifyAll } from "./notify";
import { enqueue } from "./queue";
import { defineJob } from "./registry";
import type { TSchedule } from "./schedules";
import { siteOriginOf } from "./site-origin";

/**
 * Reply-time reminders (docs/reply-times.md). Every hour the platform job hands each
 * tenant a job of its own; a tenant's job looks at its applications that are still new
 * and unanswered and, per their centre's settings (site_settings; defaults from
 * lib/contract/reply-times.ts):
 *
 * - `nudge days` working days after it was sent: the organisation's staff are reminded,
 *   and `nudged_at` is set;
 * - `escalation days` working days after: the centre's admins are told (they also see it
 *   on their dashboard), and `escalated_at` is set;
 * - a centre that turned the reminders off: nothing.
 *
 * Each mark is a conditional update made in the transaction that enqueues the notices,
 * so a second run, or two workers at once, tell nobody twice. Times come from the job's
 * clock (`now`), so tests walk it across weekends and holidays.
 */

/** At most this many applications per tenant and run; the next hour takes the rest. */
const BATCH = 500;
/** No count of working days is shorter than this (a day less a clock change). */
const SHORTEST_DAY_MS = 23 * 3600_000;

export const replyNudgesJob = defineJob({
  kind: "applications.reply_nudges",
  payload: z.object({}).strict(),
  maxAttempts: 3,
  async handler(_payload, { db, job, now, log, config }) {
    if (job.tenantId === null) {
      // The schedule's platform job: one job per tenant, so one tenant's failure is
      // retried on its own.
      const rows = await db.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id));
      for (const { id } of rows) {
        await enqueue(
          db,
          replyNudgesJob,
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
    const due = await withTenant(db, tenantId, (tx) =>
      unansweredApplications(tx, tenantId, {
        sentBefore: new Date(now.getTime() - SHORTEST_DAY_MS),
        limit: BATCH,
      }),
    );
    let nudged = 0;
    let escalated = 0;
    for (const row of due) {
      // One transaction per application: the mark and its notices commit together.
      const told = await withTenant(db, tenantId, (tx) => remind(tx, tenantId, row, now, origin));
      nudged += told.nudged ? 1 : 0;
      escalated += told.escalated ? 1 : 0;
    }
    if (nudged || escalated) log.info({ tenantId, nudged, escalated }, "reply-time reminders");
  },
});

async function remind(
  tx: Parameters<typeof organizationStaffIds>[0],
  tenantId: number,
  row: TUnanswered,
  now: Date,
  origin: string,
): Promise<{ nudged: boolean; escalated: boolean }> {
  const reached = (days: number) =>
    workingDaysAfter(row.createdAt, days).getTime() <= now.getTime();
  let nudged = false;
  let escalated = false;
  if (row.nudgedAt === null && reached(row.nudgeDays)) {
    nudged = await markApplication(tx, tenantId, row.id, "nudgedAt", now);
    if (nudged) {
      await notifyAll(tx, tenantId, {
        event: { kind: "application_reminder", days: row.nudgeDays },
        applicationId: row.id,
        recipientIds: await organizationStaffIds(tx, tenantId, row.organizationId),
        origin,
        eventKey: `reply-nudge:${row.id}`,
        runAt: now,
      });
    }
  }
  if (row.escalatedAt === null && reached(row.escalationDays)) {
    escalated = await markApplication(tx, tenantId, row.id, "escalatedAt", now);
    if (escalated) {
      await notifyAll(tx, tenantId, {
        event: { kind: "application_overdue", days: row.escalationDays },
        applicationId: row.id,
        recipientIds: await centerAdminIds(tx, tenantId, row.volunteerCenterId),
        origin,
        eventKey: `reply-escalation:${row.id}`,
        runAt: now,
      });
    }
  }
  return { nudged, escalated };
}

/** Every hour, on the hour, Dutch time. */
export const replyNudgesSchedule: TSchedule = {
  name: "applications.reply_nudges.hourly",
  cron: "0 * * * *",
  job: replyNudgesJob,
  payload: {},
};
