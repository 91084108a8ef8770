import { and, eq, gte, inArray, isNotNull } from "drizzle-orm";
import { OPEN_APPLICATION_STATUSES } from "../../lib/contract/applications";
import type { AppDb } from "../db/client";
import { applications, calendarTokens, organizations, users, vacancies } from "../db/schema";

/**
 * A user's private calendar address (docs/calendar-feed.md): one row per user with the
 * SHA-256 digest of the token, and what the feed behind it lists.
 */

export async function findCalendarToken(db: AppDb, tenantId: number, userId: number) {
  const [row] = await db
    .select()
    .from(calendarTokens)
    .where(and(eq(calendarTokens.tenantId, tenantId), eq(calendarTokens.userId, userId)));
  return row;
}

/** Makes the address, or replaces it: the old digest is gone, so the old address is too. */
export async function saveCalendarToken(
  db: AppDb,
  tenantId: number,
  userId: number,
  digest: string,
  now: Date,
) {
  const [row] = await db
    .insert(calendarTokens)
    .values({ tenantId, userId, tokenDigest: digest, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: calendarTokens.userId,
      set: { tokenDigest: digest, lastUsedAt: null, createdAt: now, updatedAt: now },
    })
    .returning();
  return row;
}

export async function deleteCalendarToken(db: AppDb, tenantId: number, userId: number) {
  const rows = await db
    .delete(calendarTokens)
    .where(and(eq(calendarTokens.tenantId, tenantId), eq(calendarTokens.userId, userId)))
    .returning({ userId: calendarTokens.userId });
  return rows.length > 0;
}

/** The owner of a token in this tenant, its use noted; undefined for any other token. */
export async function useCalendarToken(db: AppDb, tenantId: number, digest: string, now: Date) {
  const [row] = await db
    .update(calendarTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(calendarTokens.tenantId, tenantId), eq(calendarTokens.tokenDigest, digest)))
    .returning({ userId: calendarTokens.userId });
  return row;
}

export type TDeadline = {
  applicationId: number;
  vacancyId: number;
  vacancyTitle: string;
  organizationName: string;
  closesOn: string;
  updatedAt: Date;
};

/** The closing dates of the vacancies of a person's open applications, from `from` on. */
export async function openApplicationDeadlines(
  db: AppDb,
  tenantId: number,
  userId: number,
  from: string,
): Promise<TDeadline[]> {
  const rows = await db
    .select({
      applicationId: applications.id,
      vacancyId: vacancies.id,
      vacancyTitle: vacancies.title,
      organizationName: organizations.name,
      closesOn: vacancies.closesOn,
      updatedAt: vacancies.updatedAt,
    })
    .from(applications)
    .innerJoin(vacancies, eq(vacancies.id, applications.vacancyId))
    .innerJoin(organizations, eq(organizations.id, applications.organizationId))
    .where(
      and(
        eq(applications.tenantId, tenantId),
        eq(applications.userId, userId),
        inArray(applications.status, [...OPEN_APPLICATION_STATUSES]),
        isNotNull(vacancies.closesOn),
        gte(vacancies.closesOn, from),
      ),
    )
    .orderBy(vacancies.closesOn, applications.id);
  return rows.map((r) => ({ ...r, closesOn: r.closesOn as string }));
}

/** The language and status of a calendar address's owner. */
export async function calendarOwner(db: AppDb, tenantId: number, userId: number) {
  const [row] = await db
    .select({ locale: users.locale, status: users.status })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return row;
}
