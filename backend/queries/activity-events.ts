import { and, count, eq, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { clientFromUserAgent } from "../auth/user-agent-client";
import type { AppDb } from "../db/client";
import { activityEvents, type TActivityAction } from "../db/schema";

export type TActivityInput = {
  tenantId: number;
  /** The account the event is about. */
  userId: number;
  /** Who did it: userId for one's own action, null for the system or an unknown requester. */
  actorId: number | null;
  action: TActivityAction;
  /** The request's User-Agent header; only the browser and OS family are kept. */
  userAgent: string | null | undefined;
  /** The account's locale, for the client's "op"/"on" (nl when not given). */
  locale?: string;
  /** When it happened: the auth code passes its clock; the database's now() otherwise. */
  at?: Date;
};

/**
 * Writes one activity event inside the caller's transaction, so the event stands or falls
 * with the change it records. It runs in a savepoint of its own: should the insert fail,
 * only the savepoint is rolled back, the error is logged with the request's logger, and the
 * change goes on. Recording activity must never be why a sign-in or a password change
 * fails. Answers whether the event was written.
 */
export async function recordActivity(
  tx: AppDb,
  event: TActivityInput,
  log: Pick<FastifyBaseLogger, "error">,
): Promise<boolean> {
  const values = {
    tenantId: event.tenantId,
    userId: event.userId,
    actorId: event.actorId,
    action: event.action,
    client: clientFromUserAgent(event.userAgent, event.locale),
    ...(event.at ? { createdAt: event.at } : {}),
  };
  try {
    await tx.transaction(async (savepoint) => {
      await savepoint.insert(activityEvents).values(values);
    });
    return true;
  } catch (err) {
    log.error(
      { err, action: event.action, userId: event.userId },
      "activity event could not be recorded",
    );
    return false;
  }
}

export type TActivityEventRow = {
  id: number;
  action: TActivityAction;
  client: string | null;
  createdAt: Date;
  /** The account did it itself (actor_id = user_id). */
  bySelf: boolean;
};

/**
 * One page of one user's events in one tenant, in `orderBy` order, and how many the filter
 * leaves. Never anyone else's: the user is part of every condition.
 */
export async function listActivityEvents(
  db: AppDb,
  tenantId: number,
  userId: number,
  params: { where?: SQL; orderBy: SQL[]; limit: number; offset: number },
): Promise<{ rows: TActivityEventRow[]; records: number }> {
  const where = and(
    eq(activityEvents.tenantId, tenantId),
    eq(activityEvents.userId, userId),
    params.where,
  );
  const rows = await db
    .select({
      id: activityEvents.id,
      action: activityEvents.action,
      client: activityEvents.client,
      createdAt: activityEvents.createdAt,
      bySelf: sql<boolean>`coalesce(${activityEvents.actorId} = ${activityEvents.userId}, false)`,
    })
    .from(activityEvents)
    .where(where)
    .orderBy(...params.orderBy)
    .limit(params.limit)
    .offset(params.offset);
  const [{ total }] = await db.select({ total: count() }).from(activityEvents).where(where);
  return { rows, records: total };
}
