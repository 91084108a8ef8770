import { and, asc, eq, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import { REPLY_NUDGE_DEFAULTS, REPLY_STATS } from "../../lib/contract/reply-times";
import type { AppDb } from "../db/client";
import { applications, roles, siteSettings, users, usersRoles } from "../db/schema";

/**
 * What the reply-time reminders and the "usually replies within" line read
 * (docs/reply-times.md). Every query names the tenant.
 */

/** Still new and unanswered: the predicate of applications_unanswered_idx, word for word. */
export const unansweredCondition = and(
  isNull(applications.respondedAt),
  eq(applications.status, "new"),
) as SQL;

/** A centre's reply-time settings, or the defaults when it never saved any. */
export const settingsColumns = {
  enabled: sql<boolean>`coalesce(${siteSettings.replyNudgesEnabled}, ${sql.raw(String(REPLY_NUDGE_DEFAULTS.enabled))})`,
  nudgeDays: sql<number>`coalesce(${siteSettings.replyNudgeDays}, ${sql.raw(String(REPLY_NUDGE_DEFAULTS.nudgeDays))})::int`,
  escalationDays: sql<number>`coalesce(${siteSettings.replyEscalationDays}, ${sql.raw(String(REPLY_NUDGE_DEFAULTS.escalationDays))})::int`,
};

export type TUnanswered = {
  id: number;
  organizationId: number;
  volunteerCenterId: number;
  createdAt: Date;
  nudgedAt: Date | null;
  escalatedAt: Date | null;
  enabled: boolean;
  nudgeDays: number;
  escalationDays: number;
};

/**
 * The tenant's unanswered applications that still owe a reminder or a word to the centre,
 * of centres that have the reminders on, with their centre's settings, oldest first. Only those sent at least `minAge` before
 * `now` (no working-day count is shorter than a calendar day less a clock change), so the
 * scan reads the index's old end only.
 */
export async function unansweredApplications(
  db: AppDb,
  tenantId: number,
  params: { sentBefore: Date; limit: number },
): Promise<TUnanswered[]> {
  return db
    .select({
      id: applications.id,
      organizationId: applications.organizationId,
      volunteerCenterId: applications.volunteerCenterId,
      createdAt: applications.createdAt,
      nudgedAt: applications.nudgedAt,
      escalatedAt: applications.escalatedAt,
      ...settingsColumns,
    })
    .from(applications)
    .leftJoin(
      siteSettings,
      and(
        eq(siteSettings.tenantId, applications.tenantId),
        eq(siteSettings.volunteerCenterId, applications.volunteerCenterId),
      ),
    )
    .where(
      and(
        eq(applications.tenantId, tenantId),
        unansweredCondition,
        lte(applications.createdAt, params.sentBefore),
        settingsColumns.enabled,
        or(isNull(applications.nudgedAt), isNull(applications.escalatedAt)),
      ),
    )
    .orderBy(asc(applications.createdAt), asc(applications.id))
    .limit(params.limit);
}

/**
 * Sets `column` to `at` on the application if it is still unset and the application still
 * unanswered: true when this call made the mark (a second run, or a reply meanwhile, makes
 * none, and then nobody is told twice or needlessly).
 */
export async function markApplication(
  db: AppDb,
  tenantId: number,
  id: number,
  column: "nudgedAt" | "escalatedAt",
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(applications)
    .set({ [column]: at })
    .where(
      and(
        eq(applications.tenantId, tenantId),
        eq(applications.id, id),
        isNull(applications[column]),
        unansweredCondition,
      ),
    )
    .returning({ id: applications.id });
  return rows.length > 0;
}

/** The active admins of a volunteer centre (instance roles on the centre's organization). */
export async function centerAdminIds(
  db: AppDb,
  tenantId: number,
  centerId: number,
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(usersRoles)
    .innerJoin(roles, eq(roles.id, usersRoles.roleId))
    .innerJoin(users, eq(users.id, usersRoles.userId))
    .where(
      and(
        eq(usersRoles.tenantId, tenantId),
        eq(users.tenantId, tenantId),
        eq(roles.name, "admin"),
        eq(roles.resourceType, "Organization"),
        eq(roles.resourceId, centerId),
        eq(users.status, "active"),
      ),
    );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * "Usually replies within N days" for one organisation: the median of its reply times
 * over the last REPLY_STATS.windowDays (by when it replied), in days rounded up, at least
 * 1; null with fewer than REPLY_STATS.minReplies replies in the window. One aggregate over
 * the organisation's rows of applications_organization_idx.
 */
export async function replyDaysMedian(
  db: AppDb,
  tenantId: number,
  organizationId: number,
  now: Date,
): Promise<number | null> {
  const since = new Date(now.getTime() - REPLY_STATS.windowDays * 24 * 3600_000);
  const [row] = await db
    .select({
      replies: sql<number>`count(*)::int`,
      medianSeconds: sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from ${applications.respondedAt} - ${applications.createdAt}))`,
    })
    .from(applications)
    .where(
      and(
        eq(applications.tenantId, tenantId),
        eq(applications.organizationId, organizationId),
        sql`${applications.respondedAt} is not null`,
        sql`${applications.respondedAt} >= ${since.toISOString()}`,
        sql`${applications.respondedAt} <= ${now.toISOString()}`,
      ),
    );
  if (!row || row.replies < REPLY_STATS.minReplies || row.medianSeconds === null) return null;
  return Math.max(1, Math.ceil(Number(row.medianSeconds) / 86_400));
}
