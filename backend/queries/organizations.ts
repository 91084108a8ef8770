import { and, asc, count, eq, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import { hasRoleIn, type TRoleRef, withRoleCondition } from "../auth/roles";
import type { AppDb } from "../db/client";
import {
  addresses,
  desks,
  organizationProfiles,
  organizations,
  roles,
  users,
  usersRoles,
} from "../db/schema";
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

/**
 * The organizations a staff member may edit (policy organizations.update), as a condition:
 * undefined for all of the tenant (superadmins, class-level admins), else the ones they are
 * admin of and, for a centre they are admin of, the centre's organizations. Nothing for
 * anyone else (the route refuses them first).
 */
export function editableScope(actorRoles: readonly TRoleRef[]): SQL | undefined {
  if (hasRoleIn(actorRoles, "superadmin")) return undefined;
  if (hasRoleIn(actorRoles, "admin", { type: "Organization" })) return undefined;
  const ids = actorRoles
    .filter((r) => r.name === "admin" && r.resourceType === "Organization" && r.resourceId)
    .map((r) => r.resourceId as number);
  if (ids.length === 0) return sql`false`;
  return or(inArray(organizations.id, ids), inArray(organizations.volunteerCenterId, ids));
}

/** One page of the tenant's organizations; ties broken by id so pages never overlap. */
export async function listOrganizations(
  db: AppDb,
  tenantId: number,
  params: { scope?: SQL; where?: SQL; orderBy: SQL[]; limit: number; offset: number },
): Promise<{ rows: TOrganization[]; records: number }> {
  const where = and(eq(organizations.tenantId, tenantId), params.scope, params.where);
  const rows = await db
    .select()
    .from(organizations)
    .where(where)
    .orderBy(...params.orderBy, asc(organizations.id))
    .limit(params.limit)
    .offset(params.offset);
  const [{ total }] = await db.select({ total: count() }).from(organizations).where(where);
  return { rows, records: total };
}

export type TOrganizationChanges = Partial<
  Pick<TOrganization, "name" | "email" | "phone" | "website" | "status">
>;

export async function updateOrganization(
  db: AppDb,
  tenantId: number,
  id: number,
  changes: TOrganizationChanges,
): Promise<TOrganization> {
  const [row] = await db
    .update(organizations)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(organizations.tenantId, tenantId), eq(organizations.id, id)))
    .returning();
  return row;
}

/** What keeps a centre from being deleted: its organizations, desks and users. */
export async function centreDependents(
  db: AppDb,
  tenantId: number,
  centreId: number,
): Promise<{ organizations: number; desks: number; users: number }> {
  const [o] = await db
    .select({ n: count() })
    .from(organizations)
    .where(
      and(
        eq(organizations.tenantId, tenantId),
        eq(organizations.volunteerCenterId, centreId),
        ne(organizations.id, centreId),
      ),
    );
  const [d] = await db
    .select({ n: count() })
    .from(desks)
    .where(and(eq(desks.tenantId, tenantId), eq(desks.volunteerCenterId, centreId)));
  const [u] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.volunteerCenterId, centreId)));
  return { organizations: o.n, desks: d.n, users: u.n };
}

/**
 * Deletes an organization with what hangs on it polymorphically (its address and the roles
 * on it, which have no foreign key); the profile goes by cascade, a desk it ran keeps
 * running without it (desks.organization_id is set null).
 */
export async function deleteOrganization(db: AppDb, tenantId: number, id: number): Promise<void> {
  await db
    .delete(addresses)
    .where(
      and(
        eq(addresses.tenantId, tenantId),
        eq(addresses.addressableType, "Organization"),
        eq(addresses.addressableId, id),
      ),
    );
  await db
    .delete(roles)
    .where(
      and(
        eq(roles.tenantId, tenantId),
        eq(roles.resourceType, "Organization"),
        eq(roles.resourceId, id),
      ),
    );
  await db
    .delete(organizations)
    .where(and(eq(organizations.tenantId, tenantId), eq(organizations.id, id)));
}

/** The organization's admins (spec §6: users with role admin on it), archived ones left out. */
export async function organizationAdmins(db: AppDb, tenantId: number, organizationId: number) {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      locale: users.locale,
      volunteerCenterId: users.volunteerCenterId,
    })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        ne(users.status, "archived"),
        withRoleCondition(tenantId, "admin", { type: "Organization", id: organizationId }),
      ),
    )
    .orderBy(users.id);
}
