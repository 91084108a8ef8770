import { type SQL, sql } from "drizzle-orm";
import { ANALYTICS_LIMITS } from "../../lib/contract/analytics";
import type { AppDb } from "../db/client";
import { WORKING_DAYS_TIME_ZONE } from "../domain/working-days";

/**
 * The analytics' aggregates (docs/analytics.md): one SQL statement per figure, each
 * grouped by volunteer centre, so one centre's overview and the superadmins' comparison of
 * all centres are the same statements. Every statement names the tenant; the rows are
 * counted by the database, never by a loop here.
 */

export type TAnalyticsRange = {
  /** The first moment of the first day, Amsterdam time. */
  from: Date;
  /** The first moment after the last day. */
  to: Date;
  /** Each Amsterdam day of the range: its first moment (ISO), and the day an answer to
   *  an application sent that day is due (ANALYTICS_LIMITS.answerWorkingDays working days
   *  on, domain/working-days.ts). */
  days: { starts: string[]; dues: string[] };
  /** Each week (Monday, Amsterdam) that overlaps the range: its Monday and first moment. */
  weeks: { mondays: string[]; starts: string[] };
  now: Date;
};

export type TCentreFigures = {
  vacancies: { published: number; open: number; closed: number };
  applications: {
    sent: number;
    accepted: number;
    /** Monday of the week (Amsterdam) → applications sent that week. */
    perWeek: Map<string, number>;
    /** Answered within the working days, of those whose time to answer has come. */
    answeredInTime: number;
    due: number;
    medianReplySeconds: number | null;
  };
  activeVolunteers: number;
  activities: { signUps: number; waitlisted: number; attended: number; minutes: number };
  poolInvitations: {
    sent: number;
    accepted: number;
    declined: number;
    pending: number;
    withdrawn: number;
  };
  topTags: { id: number; name: string; nameEn: string | null; applications: number }[];
  organizationsWithoutActivity: { count: number; organizations: { id: number; name: string }[] };
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const TZ = sql.raw(`'${WORKING_DAYS_TIME_ZONE}'`);

/** A list of ids as one array parameter: the same text on PGlite and node-postgres. */
const idArray = (ids: readonly number[]) =>
  sql`${`{${ids.map((id) => Math.trunc(id)).join(",")}}`}::int[]`;
const dayArray = (days: readonly string[]) => sql`${`{${days.join(",")}}`}::date[]`;
const moment = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const within = (column: SQL, range: TAnalyticsRange) =>
  sql`${column} >= ${moment(range.from)} and ${column} < ${moment(range.to)}`;

export function emptyFigures(): TCentreFigures {
  return {
    vacancies: { published: 0, open: 0, closed: 0 },
    applications: {
      sent: 0,
      accepted: 0,
      perWeek: new Map(),
      answeredInTime: 0,
      due: 0,
      medianReplySeconds: null,
    },
    activeVolunteers: 0,
    activities: { signUps: 0, waitlisted: 0, attended: 0, minutes: 0 },
    poolInvitations: { sent: 0, accepted: 0, declined: 0, pending: 0, withdrawn: 0 },
    topTags: [],
    organizationsWithoutActivity: { count: 0, organizations: [] },
  };
}

type TDb = { db: AppDb; tenantId: number; centreIds: readonly number[]; range: TAnalyticsRange };

/** Published, closed in the range; open at its end (published by then and not yet closed). */
async function vacancyFigures({ db, tenantId, centreIds, range }: TDb) {
  return rowsOf<{ c: number; published: number; closed: number; open: number }>(
    await db.execute(sql`
      select volunteer_center_id as c,
        count(*) filter (where ${within(sql`published_at`, range)})::int as published,
        count(*) filter (where ${within(sql`closed_at`, range)})::int as closed,
        count(*) filter (where published_at < ${moment(range.to)}
          and status in ('published', 'closed', 'archived')
          and (closed_at is null or closed_at >= ${moment(range.to)}))::int as open
      from vacancies
      where tenant_id = ${tenantId} and volunteer_center_id = any(${idArray(centreIds)})
      group by volunteer_center_id`),
  );
}

/**
 * Applications sent in the range, per centre and per week (Monday to Sunday, Amsterdam) in
 * one scan: their number and how many were answered in time. An application's answer is
 * due `answerWorkingDays` working days after it was sent, at the same Amsterdam wall-clock
 * time (workingDaysAfter in domain/working-days.ts; the due day looked up in `days.dues` by
 * the day it was sent). It counts as due once answered or once that moment has passed; one
 * the volunteer withdrew unanswered before it was due does not count. "Answered" is
 * `responded_at`, the organisation's first reply or decision, as the reply-time reminders
 * read it.
 *
 * Days and weeks are found with width_bucket over the moments they start (a binary search,
 * no time-zone conversion per row), and the due moment is worked out only for the rows the
 * cheap bounds leave open: 7 working days are at least 167 hours (a week less a clock change)
 * and less than 30 days.
 */
async function applicationFigures({ db, tenantId, centreIds, range }: TDb) {
  const stamps = (list: readonly string[]) => sql`${`{${list.join(",")}}`}::timestamptz[]`;
  const soon = sql`interval '167 hours'`;
  const late = sql`interval '30 days'`;
  const dueAt = sql`((${dayArray(range.days.dues)})[width_bucket(a.created_at, ${stamps(range.days.starts)})]
    + (a.created_at at time zone ${TZ})::time) at time zone ${TZ}`;
  const now = moment(range.now);
  return rowsOf<{ c: number; week: number | null; sent: number; in_time: number; due: number }>(
    await db.execute(sql`
      select a.volunteer_center_id as c,
        width_bucket(a.created_at, ${stamps(range.weeks.starts)}) as week,
        count(*)::int as sent,
        count(*) filter (where case
          when a.responded_at is null then false
          when a.responded_at <= a.created_at + ${soon} then true
          when a.responded_at > a.created_at + ${late} then false
          else a.responded_at <= ${dueAt} end)::int as in_time,
        count(*) filter (where case
          when a.responded_at is not null then true
          when a.created_at + ${soon} > ${now} then false
          when a.status = 'withdrawn' then a.status_changed_at >= a.created_at + ${soon}
            and a.status_changed_at >= ${dueAt} and ${dueAt} <= ${now}
          when a.created_at + ${late} <= ${now} then true
          else ${dueAt} <= ${now} end)::int as due
      from applications a
      where a.tenant_id = ${tenantId} and a.volunteer_center_id = any(${idArray(centreIds)})
        and ${within(sql`a.created_at`, range)}
      group by grouping sets ((1), (1, 2))`),
  );
}

/** The median reply time of the applications sent in the range and answered. */
async function medianFigures({ db, tenantId, centreIds, range }: TDb) {
  return rowsOf<{ c: number; seconds: number | string | null }>(
    await db.execute(sql`
      select volunteer_center_id as c,
        percentile_cont(0.5) within group (order by extract(epoch from responded_at - created_at))
          as seconds
      from applications
      where tenant_id = ${tenantId} and volunteer_center_id = any(${idArray(centreIds)})
        and ${within(sql`created_at`, range)} and responded_at is not null
      group by volunteer_center_id`),
  );
}

/** Accepted in the range: accepting is final, so the status's moment is the acceptance. */
async function acceptedFigures({ db, tenantId, centreIds, range }: TDb) {
  return rowsOf<{ c: number; n: number }>(
    await db.execute(sql`
      select volunteer_center_id as c, count(*)::int as n
      from applications
      where tenant_id = ${tenantId} and volunteer_center_id = any(${idArray(centreIds)})
        and status = 'accepted' and ${within(sql`status_changed_at`, range)}
      group by volunteer_center_id`),
  );
}

/**
 * Active volunteers: the distinct people who sent the centre an application in the range or
 * held a place (signed up, not on the waiting list, not cancelled) at one of its activities
 * that took place in it.
 */
async function volunteerFigures({ db, tenantId, centreIds, range }: TDb) {
  return rowsOf<{ c: number; n: number }>(
    await db.execute(sql`
      select c, count(*)::int as n from (
        select volunteer_center_id as c, user_id from applications
        where tenant_id = ${tenantId} and volunteer_center_id = any(${idArray(centreIds)})
          and ${within(sql`created_at`, range)}
        union
        select act.volunteer_center_id, r.user_id
        from activity_registrations r join activities act on act.id = r.activity_id
        where r.tenant_id = ${tenantId} and act.tenant_id = ${tenantId}
          and act.volunteer_center_id = any(${idArray(centreIds)})
          and ${within(sql`act.starts_at`, range)} and r.status = 'registered'
      ) people group by c`),
  );
}

/**
 * Places at the centre's activities that start in the range: signed up (a place, not
 * cancelled), on the waiting list, marked as attended, and the minutes given by those who
 * came (the volunteer's "hours this year" counts the same way).
 */
async function activityFigures({ db, tenantId, centreIds, range }: TDb) {
  return rowsOf<{
    c: number;
    sign_ups: number;
    waitlisted: number;
    attended: number;
    minutes: number;
  }>(
    await db.execute(sql`
      select act.volunteer_center_id as c,
        count(*) filter (where r.status = 'registered')::int as sign_ups,
        count(*) filter (where r.status = 'waitlisted')::int as waitlisted,
        count(*) filter (where r.attended is true)::int as attended,
        coalesce(sum(r.minutes) filter (where r.attended is true), 0)::int as minutes
      from activity_registrations r join activities act on act.id = r.activity_id
      where r.tenant_id = ${tenantId} and act.tenant_id = ${tenantId}
        and act.volunteer_center_id = any(${idArray(centreIds)})
        and ${within(sql`act.starts_at`, range)}
      group by act.volunteer_center_id`),
  );
}

/** Pool invitations sent in the range, by what has become of them. */
async function poolFigures({ db, tenantId, centreIds, range }: TDb) {
  return rowsOf<{
    c: number;
    sent: number;
    accepted: number;
    declined: number;
    pending: number;
    withdrawn: number;
  }>(
    await db.execute(sql`
      select volunteer_center_id as c, count(*)::int as sent,
        count(*) filter (where status = 'accepted')::int as accepted,
        count(*) filter (where status = 'declined')::int as declined,
        count(*) filter (where status = 'pending')::int as pending,
        count(*) filter (where status = 'withdrawn')::int as withdrawn
      from pool_invitations
      where tenant_id = ${tenantId} and volunteer_center_id = any(${idArray(centreIds)})
        and ${within(sql`created_at`, range)}
      group by volunteer_center_id`),
  );
}

/**
 * The tags of the vacancies applied for in the range, by applications, then by name. The
 * applications are counted per vacancy first (hundreds of rows), then spread over the tags.
 */
async function tagFigures({ db, tenantId, centreIds, range }: TDb) {
  return rowsOf<{ c: number; id: number; name: string; name_en: string | null; n: number }>(
    await db.execute(sql`
      select c, id, name, name_en, n from (
        select per.c, t.id, t.name, t.name_en, sum(per.n)::int as n,
          row_number() over (partition by per.c order by sum(per.n) desc, t.name, t.id) as place
        from (
          select volunteer_center_id as c, vacancy_id, count(*) as n from applications
          where tenant_id = ${tenantId} and volunteer_center_id = any(${idArray(centreIds)})
            and ${within(sql`created_at`, range)}
          group by volunteer_center_id, vacancy_id
        ) per
        join vacancy_tags vt on vt.vacancy_id = per.vacancy_id and vt.tenant_id = ${tenantId}
        join tags t on t.id = vt.tag_id and t.tenant_id = ${tenantId}
        group by per.c, t.id, t.name, t.name_en
      ) ranked where place <= ${ANALYTICS_LIMITS.topTags}
      order by c, n desc, name, id`),
  );
}

/**
 * The centre's approved organisations (not the centre itself) that did nothing in the
 * range: no vacancy published, changed or closed, no application answered.
 */
async function quietFigures({ db, tenantId, centreIds, range }: TDb) {
  return rowsOf<{ c: number; id: number; name: string; total: number }>(
    await db.execute(sql`
      select c, id, name, total from (
        select o.volunteer_center_id as c, o.id, o.name,
          count(*) over (partition by o.volunteer_center_id)::int as total,
          row_number() over (partition by o.volunteer_center_id order by o.name, o.id) as place
        from organizations o
        where o.tenant_id = ${tenantId} and o.volunteer_center_id = any(${idArray(centreIds)})
          and o.type <> 'VolunteerCenter' and o.status = 'approved'
          and not exists (
            select 1 from vacancies v
            where v.tenant_id = ${tenantId} and v.organization_id = o.id
              and (${within(sql`v.published_at`, range)} or ${within(sql`v.updated_at`, range)}
                or ${within(sql`v.closed_at`, range)}))
          and not exists (
            select 1 from applications a
            where a.tenant_id = ${tenantId} and a.organization_id = o.id
              and ${within(sql`a.responded_at`, range)})
      ) quiet where place <= ${ANALYTICS_LIMITS.organizationsListed}
      order by c, name, id`),
  );
}

/** Every figure of each centre in `centreIds` (all of them the tenant's). */
export async function centreFigures(
  db: AppDb,
  tenantId: number,
  centreIds: readonly number[],
  range: TAnalyticsRange,
): Promise<Map<number, TCentreFigures>> {
  const out = new Map<number, TCentreFigures>(centreIds.map((id) => [id, emptyFigures()]));
  if (centreIds.length === 0) return out;
  const q: TDb = { db, tenantId, centreIds, range };
  // One after the other: a request holds one connection (and PGlite has only one).
  const of = (c: number | string) => out.get(Number(c));
  for (const r of await vacancyFigures(q)) {
    const f = of(r.c);
    if (f) f.vacancies = { published: r.published, open: r.open, closed: r.closed };
  }
  for (const r of await applicationFigures(q)) {
    const f = of(r.c);
    if (!f) continue;
    if (r.week !== null) {
      const monday = range.weeks.mondays[Number(r.week) - 1];
      if (monday) f.applications.perWeek.set(monday, r.sent);
      continue;
    }
    f.applications.sent = r.sent;
    f.applications.answeredInTime = r.in_time;
    f.applications.due = r.due;
  }
  for (const r of await medianFigures(q)) {
    const f = of(r.c);
    if (f)
      f.applications.medianReplySeconds = r.seconds === null ? null : Math.round(Number(r.seconds));
  }
  for (const r of await acceptedFigures(q)) {
    const f = of(r.c);
    if (f) f.applications.accepted = r.n;
  }
  for (const r of await volunteerFigures(q)) {
    const f = of(r.c);
    if (f) f.activeVolunteers = r.n;
  }
  for (const r of await activityFigures(q)) {
    const f = of(r.c);
    if (f)
      f.activities = {
        signUps: r.sign_ups,
        waitlisted: r.waitlisted,
        attended: r.attended,
        minutes: r.minutes,
      };
  }
  for (const r of await poolFigures(q)) {
    const f = of(r.c);
    if (f)
      f.poolInvitations = {
        sent: r.sent,
        accepted: r.accepted,
        declined: r.declined,
        pending: r.pending,
        withdrawn: r.withdrawn,
      };
  }
  for (const r of await tagFigures(q)) {
    of(r.c)?.topTags.push({ id: r.id, name: r.name, nameEn: r.name_en, applications: r.n });
  }
  for (const r of await quietFigures(q)) {
    const f = of(r.c);
    if (!f) continue;
    f.organizationsWithoutActivity.count = r.total;
    f.organizationsWithoutActivity.organizations.push({ id: r.id, name: r.name });
  }
  return out;
}

/** The tenant's volunteer centres among `ids` (all of them without `ids`), by name. */
export async function tenantCentres(
  db: AppDb,
  tenantId: number,
  ids?: readonly number[],
): Promise<{ id: number; name: string }[]> {
  return rowsOf<{ id: number; name: string }>(
    await db.execute(sql`
      select id, name from organizations
      where tenant_id = ${tenantId} and type = 'VolunteerCenter'
        ${ids ? sql`and id = any(${idArray(ids)})` : sql``}
      order by name, id`),
  );
}
