import { and, asc, count, eq, isNotNull, like, ne, or, type SQL, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { addresses, desks, organizations } from "../db/schema";
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

export async function deskSlugTaken(db: AppDb, tenantId: number, slug: string) {
  const [row] = await db
    .select({ id: desks.id })
    .from(desks)
    .where(and(eq(desks.tenantId, tenantId), eq(desks.slug, slug)))
    .limit(1);
  return Boolean(row);
}
