import { and, count, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { notifications } from "../db/schema";

export type TNotification = typeof notifications.$inferSelect;

/** Every query here is one user's notifications in one tenant: nobody else's, ever. */
const ownedBy = (tenantId: number, userId: number) =>
  and(eq(notifications.tenantId, tenantId), eq(notifications.userId, userId)) as SQL;

const unread = isNull(notifications.readAt);

/**
 * One page of the user's notifications in `orderBy` order, the count the filter leaves
 * (`records`) and the user's unread count regardless of filter and page, the last two from
 * one scan of the user's rows.
 */
export async function listNotifications(
  db: AppDb,
  tenantId: number,
  userId: number,
  params: { where?: SQL; orderBy: SQL[]; limit: number; offset: number },
): Promise<{ rows: TNotification[]; records: number; unreadCount: number }> {
  const owned = ownedBy(tenantId, userId);
  const rows = await db
    .select()
    .from(notifications)
    .where(and(owned, params.where))
    .orderBy(...params.orderBy)
    .limit(params.limit)
    .offset(params.offset);
  const [counts] = await db
    .select({
      records: params.where
        ? sql<number>`count(*) filter (where ${params.where})`.mapWith(Number)
        : count(),
      unreadCount: sql<number>`count(*) filter (where ${unread})`.mapWith(Number),
    })
    .from(notifications)
    .where(owned);
  return { rows, records: counts.records, unreadCount: counts.unreadCount };
}

export async function unreadNotificationCount(
  db: AppDb,
  tenantId: number,
  userId: number,
): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(notifications)
    .where(and(ownedBy(tenantId, userId), unread));
  return total;
}

/**
 * Marks one of the user's notifications read (keeping the first read_at when it already
 * was) or unread. null when the user has no notification with that id, whoever else has.
 */
export async function setNotificationRead(
  db: AppDb,
  tenantId: number,
  userId: number,
  id: number,
  read: boolean,
): Promise<TNotification | null> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: read ? sql`coalesce(${notifications.readAt}, now())` : null })
    .where(and(ownedBy(tenantId, userId), eq(notifications.id, id)))
    .returning();
  return row ?? null;
}

/** Marks every unread notification of the user read; answers how many there were. */
export async function markAllNotificationsRead(
  db: AppDb,
  tenantId: number,
  userId: number,
): Promise<number> {
  const marked = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(ownedBy(tenantId, userId), unread))
    .returning({ id: notifications.id });
  return marked.length;
}
