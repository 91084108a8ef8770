import {
  and,
  asc,
  count,
  eq,
  gte,
  inArray,
  isNotNull,
  like,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { AppDb } from "../db/client";
import { activities, addresses, desks, organizations, roles } from "../db/schema";
import { addressesFor, insertAddress, type TAddress, type TAddressInput } from "./addresses";

export type TDesk = typeof desks.$inferSelect;
export type TDeskWithAddress = TDesk & { address: TAddress | null };
export type TDeskInput = Pick<
  typeof desks.$inferInsert,
  "azcName" | "slug" | "volunteerCenterId" | "organizationId" | "email" | "phone"
>;

// spec §3: this desk is never on the active list.
export const EXCLUDED_DESK_NAME = "Balie NOV";

/** spec §3 active list: not 'Balie NOV', and only desks whose address has coordinates. */
function activeCondition(tenantId: number): SQL {
  const located = and(
    eq(addresses.tenantId, tenantId),
    eq(addresses.addressableType, "Desk"),
    eq(addresses.addressableId, desks.id),
    isNotNull(addresses.latitude),
    isNotNull(addresses.longitude),
  );
  return and(
    eq(desks.tenantId, tenantId),
    ne(desks.azcName, EXCLUDED_DESK_NAME),
    sql`exists (select 1 from ${addresses} where ${located})`,
  ) as SQL;
}

async function attachAddresses(db: AppDb, tenantId: number, rows: TDesk[]) {
  const found = await addressesFor(
    db,
    tenantId,
    "Desk",
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...row, address: found.get(row.id) ?? null }));
}

/** One page of the active desks; `orderBy` goes before the default azc_name order. */
export async function listActiveDesks(
  db: AppDb,
  tenantId: number,
  params: { where?: SQL; orderBy: SQL[]; limit: number; offset: number },
): Promise<{ rows: TDeskWithAddress[]; records: number }> {
  const where = and(activeCondition(tenantId), params.where);
  const rows = await db
    .select()
    .from(desks)
    .where(where)
    .orderBy(...params.orderBy, asc(desks.azcName), asc(desks.id))
    .limit(params.limit)
    .offset(params.offset);
  const [{ total }] = await db.select({ total: count() }).from(desks).where(where);
  return { rows: await attachAddresses(db, tenantId, rows), records: total };
}

/** Is `slug` or `slug-<n>` in use? Returns the slugs that start with it. */
export async function slugsLike(db: AppDb, tenantId: number, base: string): Promise<string[]> {
  const escaped = base.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await db
    .select({ slug: desks.slug })
    .from(desks)
    .where(
      and(eq(desks.tenantId, tenantId), or(eq(desks.slug, base), like(desks.slug, `${escaped}-%`))),
    );
  return rows.map((r) => r.slug);
}

/** The organization if it is the tenant's (and of that type, when given). */
export async function tenantOrganization(
  db: AppDb,
  tenantId: number,
  id: number,
  type?: "VolunteerCenter",
) {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(
        eq(organizations.tenantId, tenantId),
        eq(organizations.id, id),
        type ? eq(organizations.type, type) : undefined,
      ),
    );
  return row;
}

export async function insertDesk(
  db: AppDb,
  tenantId: number,
  input: TDeskInput,
  address: TAddressInput | null,
): Promise<TDeskWithAddress> {
  const [desk] = await db
    .insert(desks)
    .values({ ...input, tenantId })
    .returning();
  const saved = address
    ? await insertAddress(db, tenantId, { type: "Desk", id: desk.id }, address)
    : null;
  return { ...desk, address: saved };
}

/** The id of the tenant's desk with this slug, if any. */
export async function deskSlugOwner(db: AppDb, tenantId: number, slug: string) {
  const [row] = await db
    .select({ id: desks.id })
    .from(desks)
    .where(and(eq(desks.tenantId, tenantId), eq(desks.slug, slug)))
    .limit(1);
  return row?.id;
}

export async function deskSlugTaken(db: AppDb, tenantId: number, slug: string) {
  const [row] = await db
    .select({ id: desks.id })
    .from(desks)
    .where(and(eq(desks.tenantId, tenantId), eq(desks.slug, slug)))
    .limit(1);
  return Boolean(row);
}

export type TManagedDesk = TDeskWithAddress & { active: boolean };

/** spec §3's rule for one desk: not 'Balie NOV', and an address with coordinates. */
export function isActiveDesk(desk: TDeskWithAddress): boolean {
  return (
    desk.azcName !== EXCLUDED_DESK_NAME &&
    desk.address?.latitude != null &&
    desk.address?.longitude != null
  );
}

const withActive = (desk: TDeskWithAddress): TManagedDesk => ({
  ...desk,
  active: isActiveDesk(desk),
});

/** Every desk of these centres, active or not (the back office fixes the inactive ones). */
export async function listDesksOfCentres(
  db: AppDb,
  tenantId: number,
  centerIds: readonly number[],
): Promise<TManagedDesk[]> {
  if (centerIds.length === 0) return [];
  const rows = await db
    .select()
    .from(desks)
    .where(and(eq(desks.tenantId, tenantId), inArray(desks.volunteerCenterId, [...centerIds])))
    .orderBy(asc(desks.azcName), asc(desks.id));
  return (await attachAddresses(db, tenantId, rows)).map(withActive);
}

export async function findManagedDesk(
  db: AppDb,
  tenantId: number,
  id: number,
): Promise<TManagedDesk | undefined> {
  const [row] = await db
    .select()
    .from(desks)
    .where(and(eq(desks.tenantId, tenantId), eq(desks.id, id)));
  if (!row) return undefined;
  const [desk] = await attachAddresses(db, tenantId, [row]);
  return withActive(desk);
}

export type TDeskChanges = Partial<
  Pick<
    typeof desks.$inferInsert,
    | "azcName"
    | "slug"
    | "volunteerCenterId"
    | "organizationId"
    | "email"
    | "phone"
    | "welcomeTitle"
    | "welcomeBody"
  >
>;

export async function updateDesk(
  db: AppDb,
  tenantId: number,
  id: number,
  changes: TDeskChanges,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db
    .update(desks)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(desks.tenantId, tenantId), eq(desks.id, id)));
}

/** Sets the given address fields (null clears one), creating the address when there is none. */
export async function saveDeskAddress(
  db: AppDb,
  tenantId: number,
  deskId: number,
  stored: TAddress | null,
  changes: Partial<TAddressInput>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  if (stored) {
    await db
      .update(addresses)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(addresses.tenantId, tenantId), eq(addresses.id, stored.id)));
    return;
  }
  await insertAddress(
    db,
    tenantId,
    { type: "Desk", id: deskId },
    {
      street: null,
      houseNumber: null,
      postalCode: null,
      city: null,
      country: "NL",
      latitude: null,
      longitude: null,
      ...changes,
    },
  );
}

/** The desk's activities that are not over yet and not cancelled (drafts count: they are
 *  planned). An activity without an end is over once it has begun. */
export async function upcomingDeskActivities(
  db: AppDb,
  tenantId: number,
  deskId: number,
  now: Date,
): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(activities)
    .where(
      and(
        eq(activities.tenantId, tenantId),
        eq(activities.deskId, deskId),
        ne(activities.status, "cancelled"),
        gte(sql`coalesce(${activities.endsAt}, ${activities.startsAt})`, now),
      ),
    );
  return total;
}

/**
 * Deletes a desk that has nothing coming up. Its past (and cancelled) activities stay with
 * their centre, no longer at the desk: the places and the minutes volunteers gave there are
 * their history (the foreign key would otherwise delete them with the desk). Its address
 * and the desk_manager roles on it have no foreign key and go with it.
 */
export async function deleteDesk(db: AppDb, tenantId: number, deskId: number): Promise<void> {
  await db
    .update(activities)
    .set({ deskId: null })
    .where(and(eq(activities.tenantId, tenantId), eq(activities.deskId, deskId)));
  await db
    .delete(addresses)
    .where(
      and(
        eq(addresses.tenantId, tenantId),
        eq(addresses.addressableType, "Desk"),
        eq(addresses.addressableId, deskId),
      ),
    );
  await db
    .delete(roles)
    .where(
      and(
        eq(roles.tenantId, tenantId),
        eq(roles.resourceType, "Desk"),
        eq(roles.resourceId, deskId),
      ),
    );
  await db.delete(desks).where(and(eq(desks.tenantId, tenantId), eq(desks.id, deskId)));
}
