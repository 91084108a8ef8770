import { TZDate } from "@date-fns/tz";
import { eq } from "drizzle-orm";
import type { AppDb } from "../../../backend/db/client";
import {
  activities,
  activityRegistrations,
  applications,
  organizations,
  poolInvitations,
  tags,
  vacancies,
  vacancyTags,
} from "../../../backend/db/schema";
import { amsterdamDay, workingDaysAfter } from "../../../backend/domain/working-days";

/**
 * The analytics counted again the slow way (docs/analytics.md): every raw row of the tenant
 * read, and each figure counted here in JavaScript, one row at a time, with the working days
 * of domain/working-days.ts. The api's SQL aggregates must give the same numbers.
 */

export type TRawTenant = Awaited<ReturnType<typeof rawTenant>>;

export async function rawTenant(db: AppDb, tenantId: number) {
  return {
    vacancies: await db.select().from(vacancies).where(eq(vacancies.tenantId, tenantId)),
    applications: await db.select().from(applications).where(eq(applications.tenantId, tenantId)),
    activities: await db.select().from(activities).where(eq(activities.tenantId, tenantId)),
    registrations: await db
      .select()
      .from(activityRegistrations)
      .where(eq(activityRegistrations.tenantId, tenantId)),
    invitations: await db
      .select()
      .from(poolInvitations)
      .where(eq(poolInvitations.tenantId, tenantId)),
    vacancyTags: await db.select().from(vacancyTags).where(eq(vacancyTags.tenantId, tenantId)),
    tags: await db.select().from(tags).where(eq(tags.tenantId, tenantId)),
    organizations: await db
      .select()
      .from(organizations)
      .where(eq(organizations.tenantId, tenantId)),
  };
}

const dayStart = (day: string) => {
  const [y, m, d] = day.split("-").map(Number);
  return new TZDate(y, m - 1, d, "Europe/Amsterdam").getTime();
};
const nextDay = (day: string) => {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1, 12)).toISOString().slice(0, 10);
};

/** The Monday of a day's week. */
function monday(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  const noon = new Date(Date.UTC(y, m - 1, d, 12));
  noon.setUTCDate(noon.getUTCDate() - ((noon.getUTCDay() + 6) % 7));
  return noon.toISOString().slice(0, 10);
}

export function recount(
  raw: TRawTenant,
  centreId: number,
  range: { from: string; to: string },
  now: Date,
) {
  const start = dayStart(range.from);
  const end = dayStart(nextDay(range.to));
  const inRange = (d: Date | null) => d !== null && d.getTime() >= start && d.getTime() < end;

  const vacs = raw.vacancies.filter((v) => v.volunteerCenterId === centreId);
  const vacanciesFigures = {
    published: vacs.filter((v) => inRange(v.publishedAt)).length,
    closed: vacs.filter((v) => inRange(v.closedAt)).length,
    open: vacs.filter(
      (v) =>
        v.publishedAt !== null &&
        v.publishedAt.getTime() < end &&
        ["published", "closed", "archived"].includes(v.status) &&
        (v.closedAt === null || v.closedAt.getTime() >= end),
    ).length,
  };

  const sent = raw.applications.filter(
    (a) => a.volunteerCenterId === centreId && inRange(a.createdAt),
  );
  const perWeek = new Map<string, number>();
  let answeredInTime = 0;
  let due = 0;
  const replySeconds: number[] = [];
  for (const a of sent) {
    const week = monday(amsterdamDay(a.createdAt));
    perWeek.set(week, (perWeek.get(week) ?? 0) + 1);
    const deadline = workingDaysAfter(a.createdAt, 7);
    if (a.respondedAt !== null) {
      replySeconds.push((a.respondedAt.getTime() - a.createdAt.getTime()) / 1000);
      if (a.respondedAt.getTime() <= deadline.getTime()) answeredInTime += 1;
      due += 1;
    } else if (
      deadline.getTime() <= now.getTime() &&
      !(a.status === "withdrawn" && a.statusChangedAt.getTime() < deadline.getTime())
    ) {
      due += 1;
    }
  }
  replySeconds.sort((x, y) => x - y);
  const mid = replySeconds.length / 2;
  const median =
    replySeconds.length === 0
      ? null
      : Math.round(
          replySeconds.length % 2 === 1
            ? replySeconds[Math.floor(mid)]
            : (replySeconds[mid - 1] + replySeconds[mid]) / 2,
        );
  const accepted = raw.applications.filter(
    (a) =>
      a.volunteerCenterId === centreId && a.status === "accepted" && inRange(a.statusChangedAt),
  ).length;

  const centreActivities = new Map(
    raw.activities
      .filter((a) => a.volunteerCenterId === centreId && inRange(a.startsAt))
      .map((a) => [a.id, a]),
  );
  const places = raw.registrations.filter((r) => centreActivities.has(r.activityId));
  const people = new Set<number>(sent.map((a) => a.userId));
  for (const r of places) if (r.status === "registered") people.add(r.userId);

  const invitations = raw.invitations.filter(
    (i) => i.volunteerCenterId === centreId && inRange(i.createdAt),
  );
  const byStatus = (s: string) => invitations.filter((i) => i.status === s).length;

  const tagCounts = new Map<number, number>();
  for (const a of sent) {
    for (const vt of raw.vacancyTags.filter((v) => v.vacancyId === a.vacancyId)) {
      tagCounts.set(vt.tagId, (tagCounts.get(vt.tagId) ?? 0) + 1);
    }
  }

  const quiet = raw.organizations.filter(
    (o) =>
      o.volunteerCenterId === centreId &&
      o.type !== "VolunteerCenter" &&
      o.status === "approved" &&
      !raw.vacancies.some(
        (v) =>
          v.organizationId === o.id &&
          (inRange(v.publishedAt) || inRange(v.updatedAt) || inRange(v.closedAt)),
      ) &&
      !raw.applications.some((a) => a.organizationId === o.id && inRange(a.respondedAt)),
  );

  return {
    vacancies: vacanciesFigures,
    applications: {
      sent: sent.length,
      accepted,
      perWeek,
      answeredInTime,
      due,
      medianReplySeconds: median,
    },
    activeVolunteers: people.size,
    activities: {
      signUps: places.filter((r) => r.status === "registered").length,
      waitlisted: places.filter((r) => r.status === "waitlisted").length,
      attended: places.filter((r) => r.attended === true).length,
      minutes: places
        .filter((r) => r.attended === true)
        .reduce((sum, r) => sum + (r.minutes ?? 0), 0),
    },
    poolInvitations: {
      sent: invitations.length,
      accepted: byStatus("accepted"),
      declined: byStatus("declined"),
      pending: byStatus("pending"),
      withdrawn: byStatus("withdrawn"),
    },
    tagCounts,
    quietIds: new Set(quiet.map((o) => o.id)),
  };
}

export type TRecount = ReturnType<typeof recount>;
