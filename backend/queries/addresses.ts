import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { addresses } from "../db/schema";

export type TAddress = typeof addresses.$inferSelect;
export type TAddressable = "Organization" | "Desk";
export type TAddressInput = Pick<
  typeof addresses.$inferInsert,
  "street" | "houseNumber" | "postalCode" | "city" | "country" | "latitude" | "longitude"
>;

/**
 * The address of each record (polymorphic, Rails-style). A record has one; should it
 * have several, the first with coordinates wins, so the map and the list agree.
 */
export async function addressesFor(
  db: AppDb,
  tenantId: number,
  type: TAddressable,
  ids: readonly number[],
): Promise<Map<number, TAddress>> {
  const found = new Map<number, TAddress>();
  if (ids.length === 0) return found;
  const rows = await db
    .select()
    .from(addresses)
    .where(
      and(
        eq(addresses.tenantId, tenantId),
        eq(addresses.addressableType, type),
        inArray(addresses.addressableId, [...ids]),
      ),
    )
    .orderBy(sql`${addresses.latitude} is null`, asc(addresses.id));
  for (const row of rows) if (!found.has(row.addressableId)) found.set(row.addressableId, row);
  return found;
}

export async function insertAddress(
  db: AppDb,
  tenantId: number,
  owner: { type: TAddressable; id: number },
  input: TAddressInput,
): Promise<TAddress> {
  const [row] = await db
    .insert(addresses)
    .values({ ...input, tenantId, addressableType: owner.type, addressableId: owner.id })
    .returning();
  return row;
}
