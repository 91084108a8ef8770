import { and, asc, eq, gte, inArray, ne } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { activities, activityRegistrations, desks, organizations } from "../db/schema";

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
