import { and, asc, count, eq, gte, inArray, isNotNull, ne, or, type SQL, sql } from "drizzle-orm";
import { hasRoleIn, type TRoleRef } from "../auth/roles";
import type { AppDb } from "../db/client";
import { activities, activityRegistrations, desks, organizations } from "../db/schema";
import type { TActivityFacts } from "../policies/policy";
import { attachRelated, type TPublicActivity } from "./activities";

/**
 * The reads behind the activity write api (docs/activity-writes.md). Every function takes
 * the tenant; row-level security holds it as well.
 */

export type TWriteActivityRow = typeof activities.$inferSelect;

export async function findActivityForWrite(
  db: AppDb,
  tenantId: number,
  id: number,
  lock = false,
): Promise<TWriteActivityRow | undefined> {
  const query = db
    .select()
    .from(activities)
    .where(and(eq(activities.tenantId, tenantId), eq(activities.id, id)));
  // Locked where places are counted: a sign-up waits until the new capacity is in.
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** The tenant's desk and its centre. */
export async function deskOfTenant(db: AppDb, tenantId: number, id: number) {
  const [row] = await db
    .select({ id: desks.id, volunteerCenterId: desks.volunteerCenterId })
    .from(desks)
    .where(and(eq(desks.tenantId, tenantId), eq(desks.id, id)));
  return row;
}

/** The tenant's organisation, with its type and centre (a centre has none). */
export async function organizationOfTenant(db: AppDb, tenantId: number, id: number) {
  const [row] = await db
    .select({
      id: organizations.id,
      type: organizations.type,
      volunteerCenterId: organizations.volunteerCenterId,
    })
    .from(organizations)
    .where(and(eq(organizations.tenantId, tenantId), eq(organizations.id, id)));
  return row;
}

/** Everyone registered or waiting at the activity, in the order they came. */
export async function livePlaces(db: AppDb, tenantId: number, activityIds: readonly number[]) {
  if (activityIds.length === 0) return [];
  return db
    .select({
      id: activityRegistrations.id,
      activityId: activityRegistrations.activityId,
      userId: activityRegistrations.userId,
      status: activityRegistrations.status,
    })
    .from(activityRegistrations)
    .where(
      and(
        eq(activityRegistrations.tenantId, tenantId),
        inArray(activityRegistrations.activityId, [...activityIds]),
        ne(activityRegistrations.status, "cancelled"),
      ),
    )
    .orderBy(asc(activityRegistrations.id));
}

/** The later occurrences of the activity's series (by start), locked: "this and following". */
export async function followingOccurrences(
  db: AppDb,
  tenantId: number,
  row: { id: number; seriesId: number | null; startsAt: Date },
): Promise<TWriteActivityRow[]> {
  if (row.seriesId === null) return [];
  return db
    .select()
    .from(activities)
    .where(
      and(
        eq(activities.tenantId, tenantId),
        eq(activities.seriesId, row.seriesId),
        ne(activities.id, row.id),
        gte(activities.startsAt, row.startsAt),
      ),
    )
    .orderBy(asc(activities.startsAt), asc(activities.id))
    .for("update");
}

/**
 * What an actor runs (policy runsActivity): every activity (superadmin), the activities of
 * the centres they hold admin or member on (that very centre), and of the desks they
 * manage (a class-level or global desk_manager role, as rolify reads it: every desk).
 */
export type TActivityReach = {
  all: boolean;
  centreIds: number[];
  deskIds: number[];
  everyDesk: boolean;
};

/** The caller's reach; the centres are looked up, since a role names an organisation only. */
export async function activityReach(
  db: AppDb,
  tenantId: number,
  roles: readonly TRoleRef[],
): Promise<TActivityReach> {
  const all = hasRoleIn(roles, "superadmin");
  const staffOf = roles
    .filter(
      (r) =>
        (r.name === "admin" || r.name === "member") &&
        r.resourceType === "Organization" &&
        r.resourceId !== null,
    )
    .map((r) => r.resourceId as number);
  // Staff of an ordinary organisation run no activities: only a centre's staff do.
  const centres =
    all || staffOf.length === 0
      ? []
      : await db
          .select({ id: organizations.id })
          .from(organizations)
          .where(
            and(
              eq(organizations.tenantId, tenantId),
              eq(organizations.type, "VolunteerCenter"),
              inArray(organizations.id, [...new Set(staffOf)]),
            ),
          );
  const managers = roles.filter((r) => r.name === "desk_manager");
  return {
    all,
    centreIds: centres.map((c) => c.id),
    deskIds: managers
      .filter((r) => r.resourceType === "Desk" && r.resourceId !== null)
      .map((r) => r.resourceId as number),
    everyDesk: managers.some(
      (r) => r.resourceId === null && (r.resourceType === null || r.resourceType === "Desk"),
    ),
  };
}

/** The reach as a condition on activities (undefined: all of the tenant's). */
export function managedActivityScope(reach: TActivityReach): SQL | undefined {
  if (reach.all) return undefined;
  const parts = [
    reach.centreIds.length > 0 ? inArray(activities.volunteerCenterId, reach.centreIds) : undefined,
    reach.deskIds.length > 0 ? inArray(activities.deskId, reach.deskIds) : undefined,
    reach.everyDesk ? isNotNull(activities.deskId) : undefined,
  ].filter((part): part is SQL => part !== undefined);
  return parts.length > 0 ? or(...parts) : sql`false`;
}

/**
 * The facts the list's policy is asked about: a centre or desk the actor runs (any stands
 * for the list, which the scope narrows), or none (id 0: refused).
 */
export function someRunFacts(reach: TActivityReach): TActivityFacts {
  return { volunteerCenterId: reach.centreIds[0] ?? 0, deskId: reach.deskIds[0] ?? 0 };
}

/** One page of the activities within the conditions, with their organiser and desk. */
export async function listManagedActivities(
  db: AppDb,
  tenantId: number,
  params: { where: (SQL | undefined)[]; orderBy: SQL[]; limit: number; offset: number },
): Promise<{ rows: TPublicActivity[]; records: number }> {
  const where = and(eq(activities.tenantId, tenantId), ...params.where);
  const rows = await db
    .select()
    .from(activities)
    .where(where)
    .orderBy(...params.orderBy)
    .limit(params.limit)
    .offset(params.offset);
  const [{ total }] = await db.select({ total: count() }).from(activities).where(where);
  return { rows: await attachRelated(db, tenantId, rows), records: total };
}
