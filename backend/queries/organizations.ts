import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { organizationProfiles, organizations, roles, usersRoles } from "../db/schema";
import { addressesFor, type TAddress } from "./addresses";

export type TOrganization = typeof organizations.$inferSelect;
export type TOrganizationProfile = typeof organizationProfiles.$inferSelect;
export type TOrganizationWithRelations = TOrganization & {
  address: TAddress | null;
  profile: TOrganizationProfile | null;
};

/**
 * `organizations.id IN (…)`: the organizations the user holds admin or member on
 * (docs/decisions.md: a user's organizations are their instance roles).
 */
export function heldByUser(tenantId: number, userId: number): SQL {
  return inArray(
    organizations.id,
    sql`(select ${roles.resourceId} from ${roles} inner join ${usersRoles} on ${usersRoles.roleId} = ${roles.id} where ${usersRoles.tenantId} = ${tenantId} and ${usersRoles.userId} = ${userId} and ${roles.name} in ('admin', 'member') and ${roles.resourceType} = 'Organization' and ${roles.resourceId} is not null)`,
  );
}

/** The user's organizations, by name (then id, so pages are stable). */
export async function userOrganizations(
  db: AppDb,
  tenantId: number,
  userId: number,
  options: { orderBy?: SQL[]; limit?: number; offset?: number } = {},
): Promise<{ rows: TOrganization[]; records: number }> {
  const where = and(eq(organizations.tenantId, tenantId), heldByUser(tenantId, userId));
  const query = db
    .select()
    .from(organizations)
    .where(where)
    .orderBy(...(options.orderBy ?? []), asc(organizations.name), asc(organizations.id))
    .$dynamic();
  if (options.limit !== undefined) query.limit(options.limit).offset(options.offset ?? 0);
  const rows = await query;
  if (options.limit === undefined) return { rows, records: rows.length };
  const [{ total }] = await db.select({ total: count() }).from(organizations).where(where);
  return { rows, records: total };
}

export async function findOrganization(
  db: AppDb,
  tenantId: number,
  id: number,
): Promise<TOrganization | undefined> {
  const [row] = await db
    .select()
    .from(organizations)
    .where(and(eq(organizations.tenantId, tenantId), eq(organizations.id, id)));
  return row;
}

/** Attaches address and profile, which the organization resource always links. */
export async function withOrganizationRelations(
  db: AppDb,
  tenantId: number,
  rows: readonly TOrganization[],
): Promise<TOrganizationWithRelations[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  // One after the other: a transaction is one connection (pg deprecates overlapping queries).
  const addresses = await addressesFor(db, tenantId, "Organization", ids);
  const profiles = await db
    .select()
    .from(organizationProfiles)
    .where(
      and(
        eq(organizationProfiles.tenantId, tenantId),
        inArray(organizationProfiles.organizationId, ids),
      ),
    );
  const byOrganization = new Map(profiles.map((p) => [p.organizationId, p]));
  return rows.map((row) => ({
    ...row,
    address: addresses.get(row.id) ?? null,
    profile: byOrganization.get(row.id) ?? null,
  }));
}
