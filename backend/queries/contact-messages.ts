import { and, eq, inArray, lt, type SQL } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { contactMessages, organizationProfiles, organizations } from "../db/schema";

/** The messages sent through /contactformulier (docs/contact-form.md). */

export type TContactMessage = typeof contactMessages.$inferSelect;
export type TContactMessageValues = Omit<
  typeof contactMessages.$inferInsert,
  "id" | "tenantId" | "createdAt" | "updatedAt"
>;

/**
 * Where a centre's mail goes: its contact person's address (/instellingen/contact-person),
 * else the centre's own address; null when it has neither (the message is still kept).
 * Null too for an id that is no centre of the tenant.
 */
export async function centreContact(db: AppDb, tenantId: number, centreId: number) {
  const [row] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      email: organizations.email,
      contactEmail: organizationProfiles.contactEmail,
    })
    .from(organizations)
    .leftJoin(organizationProfiles, eq(organizationProfiles.organizationId, organizations.id))
    .where(
      and(
        eq(organizations.tenantId, tenantId),
        eq(organizations.id, centreId),
        eq(organizations.type, "VolunteerCenter"),
      ),
    );
  if (!row) return null;
  const address = row.contactEmail?.trim() || row.email?.trim() || null;
  return { id: row.id, name: row.name, address };
}

export async function insertContactMessage(
  db: AppDb,
  tenantId: number,
  values: TContactMessageValues,
): Promise<TContactMessage> {
  const [row] = await db
    .insert(contactMessages)
    .values({ ...values, tenantId })
    .returning();
  return row;
}

export async function findContactMessage(db: AppDb, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(contactMessages)
    .where(and(eq(contactMessages.tenantId, tenantId), eq(contactMessages.id, id)));
  return row ?? null;
}

/** The messages to the given centres (those the reader administers), a page of them. */
export async function listContactMessages(
  db: AppDb,
  tenantId: number,
  params: {
    centerIds: readonly number[];
    where?: SQL;
    orderBy: SQL[];
    limit: number;
    offset: number;
  },
) {
  const where = and(
    eq(contactMessages.tenantId, tenantId),
    inArray(
      contactMessages.volunteerCenterId,
      params.centerIds.length > 0 ? [...params.centerIds] : [-1],
    ),
    params.where,
  );
  const rows = await db
    .select()
    .from(contactMessages)
    .where(where)
    .orderBy(...params.orderBy)
    .limit(params.limit)
    .offset(params.offset);
  const records = await db.$count(contactMessages, where);
  return { rows, records };
}

export async function updateContactMessage(
  db: AppDb,
  tenantId: number,
  id: number,
  values: Partial<Pick<TContactMessage, "readAt" | "handledAt" | "handledById">>,
): Promise<TContactMessage | null> {
  const [row] = await db
    .update(contactMessages)
    .set(values)
    .where(and(eq(contactMessages.tenantId, tenantId), eq(contactMessages.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteContactMessage(db: AppDb, tenantId: number, id: number) {
  await db
    .delete(contactMessages)
    .where(and(eq(contactMessages.tenantId, tenantId), eq(contactMessages.id, id)));
}

/**
 * The nightly cleanup's part: every tenant's messages that came in before `before`. Runs on
 * the owner connection (a platform job has no tenant), so it is not limited to one tenant.
 */
export async function deleteContactMessagesBefore(db: AppDb, before: Date): Promise<number> {
  const gone = await db
    .delete(contactMessages)
    .where(lt(contactMessages.createdAt, before))
    .returning({ id: contactMessages.id });
  return gone.length;
}
