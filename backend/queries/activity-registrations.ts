import { and, asc, count, eq, gte, inArray, lt, ne, or, type SQL, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { activities, activityRegistrations, type TActivityRegistration, users } from "../db/schema";

/**
 * Places at activities as the api reads and writes them (docs/activity-registrations.md).
 * The waiting list is the `waitlisted` rows of an activity in the order they came (`id`).
 */

export type TRegistrationRow = TActivityRegistration & {
  waitlistPosition: number | null;
  firstName: string | null;
  lastName: string | null;
  email: string;
};

/** What the policy and the rules need of a registration's activity. */
export type TRegistrationActivity = {
  id: number;
  volunteerCenterId: number;
  deskId: number | null;
  status: string;
  startsAt: Date;
  endsAt: Date | null;
  allDay: boolean;
  capacity: number | null;
  registrationUrl: string | null;
};

const activityColumns = {
  id: activities.id,
  volunteerCenterId: activities.volunteerCenterId,
  deskId: activities.deskId,
  status: activities.status,
  startsAt: activities.startsAt,
  endsAt: activities.endsAt,
  allDay: activities.allDay,
  capacity: activities.capacity,
  registrationUrl: activities.registrationUrl,
};

/**
 * The activity, locked for the rest of the transaction when `lock`: two sign-ups for the
 * last place, or a sign-up and a cancellation, then take turns counting.
 */
export async function registrationActivity(
  db: AppDb,
  tenantId: number,
  id: number,
  lock = false,
): Promise<TRegistrationActivity | null> {
  const query = db
    .select(activityColumns)
    .from(activities)
    .where(and(eq(activities.tenantId, tenantId), eq(activities.id, id)));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** Registered and waitlisted counts per activity. */
export async function registrationCounts(
  db: AppDb,
  tenantId: number,
  activityIds: readonly number[],
): Promise<Map<number, { registered: number; waitlisted: number }>> {
  if (activityIds.length === 0) return new Map();
  const rows = await db
    .select({
      activityId: activityRegistrations.activityId,
      status: activityRegistrations.status,
      n: count(),
    })
    .from(activityRegistrations)
    .where(
      and(
        eq(activityRegistrations.tenantId, tenantId),
        inArray(activityRegistrations.activityId, [...activityIds]),
        ne(activityRegistrations.status, "cancelled"),
      ),
    )
    .groupBy(activityRegistrations.activityId, activityRegistrations.status);
  const counts = new Map<number, { registered: number; waitlisted: number }>();
  for (const id of activityIds) counts.set(id, { registered: 0, waitlisted: 0 });
  for (const row of rows) {
    const entry = counts.get(row.activityId);
    if (entry && row.status === "registered") entry.registered = row.n;
    if (entry && row.status === "waitlisted") entry.waitlisted = row.n;
  }
  return counts;
}

/** The person's live place at the activity, if they have one. */
export async function livePlace(
  db: AppDb,
  tenantId: number,
  activityId: number,
  userId: number,
): Promise<TActivityRegistration | null> {
  const [row] = await db
    .select()
    .from(activityRegistrations)
    .where(
      and(
        eq(activityRegistrations.tenantId, tenantId),
        eq(activityRegistrations.activityId, activityId),
        eq(activityRegistrations.userId, userId),
        ne(activityRegistrations.status, "cancelled"),
      ),
    );
  return row ?? null;
}

/** A waitlisted row's place in the line: 1 for the first. */
const positionSql = sql<
  number | null
>`case when ${activityRegistrations.status} = 'waitlisted' then (
  select count(*) from activity_registrations w
  where w.activity_id = ${activityRegistrations.activityId}
    and w.status = 'waitlisted' and w.id <= ${activityRegistrations.id}
)::int end`;

function selectRows(db: AppDb) {
  return db
    .select({
      registration: activityRegistrations,
      waitlistPosition: positionSql,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(activityRegistrations)
    .innerJoin(users, eq(users.id, activityRegistrations.userId));
}

const flatten = (r: {
  registration: TActivityRegistration;
  waitlistPosition: number | null;
  firstName: string | null;
  lastName: string | null;
  email: string;
}): TRegistrationRow => ({
  ...r.registration,
  waitlistPosition: r.waitlistPosition === null ? null : Number(r.waitlistPosition),
  firstName: r.firstName,
  lastName: r.lastName,
  email: r.email,
});

export async function findRegistration(
  db: AppDb,
  tenantId: number,
  id: number,
): Promise<TRegistrationRow | null> {
  const [row] = await selectRows(db).where(
    and(eq(activityRegistrations.tenantId, tenantId), eq(activityRegistrations.id, id)),
  );
  return row ? flatten(row) : null;
}

/** One page of registrations: registered first, then the waiting list in its order. */
export async function listRegistrations(
  db: AppDb,
  tenantId: number,
  params: { where: SQL[]; limit: number; offset: number },
): Promise<{ rows: TRegistrationRow[]; records: number }> {
  const where = and(eq(activityRegistrations.tenantId, tenantId), ...params.where);
  const statusOrder = sql`case ${activityRegistrations.status} when 'registered' then 0 when 'waitlisted' then 1 else 2 end`;
  const rows = await selectRows(db)
    .where(where)
    .orderBy(statusOrder, asc(activityRegistrations.id))
    .limit(params.limit)
    .offset(params.offset);
  const [{ records }] = await db
    .select({ records: count() })
    .from(activityRegistrations)
    .where(where);
  return { rows: rows.map(flatten), records };
}

/** The minutes of attendance recorded for the person at activities starting in [from, to). */
export async function attendedMinutes(
  db: AppDb,
  tenantId: number,
  userId: number,
  range: { from: Date; to: Date },
): Promise<number> {
  const [{ total }] = await db
    .select({
      total: sql<number>`coalesce(sum(${activityRegistrations.minutes}), 0)`.mapWith(Number),
    })
    .from(activityRegistrations)
    .innerJoin(activities, eq(activities.id, activityRegistrations.activityId))
    .where(
      and(
        eq(activityRegistrations.tenantId, tenantId),
        eq(activityRegistrations.userId, userId),
        eq(activityRegistrations.attended, true),
        gte(activities.startsAt, range.from),
        lt(activities.startsAt, range.to),
      ),
    );
  return total;
}

/** The first on the activity's waiting list, if anyone. */
export async function firstWaiting(
  db: AppDb,
  tenantId: number,
  activityId: number,
): Promise<TActivityRegistration | null> {
  const [row] = await db
    .select()
    .from(activityRegistrations)
    .where(
      and(
        eq(activityRegistrations.tenantId, tenantId),
        eq(activityRegistrations.activityId, activityId),
        eq(activityRegistrations.status, "waitlisted"),
      ),
    )
    .orderBy(asc(activityRegistrations.id))
    .limit(1);
  return row ?? null;
}

export type TFeedPlace = {
  registrationId: number;
  status: "registered" | "waitlisted";
  activityId: number;
  title: string;
  activityStatus: string;
  startsAt: Date;
  endsAt: Date | null;
  allDay: boolean;
  place: string | null;
  updatedAt: Date;
};

/** The person's live places at public activities that end at or after `from`. */
export async function feedPlaces(
  db: AppDb,
  tenantId: number,
  userId: number,
  from: Date,
): Promise<TFeedPlace[]> {
  const rows = await db
    .select({
      registrationId: activityRegistrations.id,
      status: activityRegistrations.status,
      activityId: activities.id,
      title: activities.title,
      activityStatus: activities.status,
      startsAt: activities.startsAt,
      endsAt: activities.endsAt,
      allDay: activities.allDay,
      place: sql<
        string | null
      >`nullif(concat_ws(', ', ${activities.locationName}, ${activities.street}, ${activities.city}), '')`,
      registrationUpdatedAt: activityRegistrations.updatedAt,
      activityUpdatedAt: activities.updatedAt,
    })
    .from(activityRegistrations)
    .innerJoin(activities, eq(activities.id, activityRegistrations.activityId))
    .where(
      and(
        eq(activityRegistrations.tenantId, tenantId),
        eq(activityRegistrations.userId, userId),
        ne(activityRegistrations.status, "cancelled"),
        inArray(activities.status, ["published", "cancelled"]),
        or(gte(activities.startsAt, from), gte(activities.endsAt, from)),
      ),
    )
    .orderBy(asc(activities.startsAt), asc(activityRegistrations.id));
  return rows.map(({ registrationUpdatedAt, activityUpdatedAt, ...row }) => ({
    ...row,
    status: row.status as TFeedPlace["status"],
    // The later of the two: a change to either updates the event in a calendar.
    updatedAt: new Date(Math.max(registrationUpdatedAt.getTime(), activityUpdatedAt.getTime())),
  }));
}
