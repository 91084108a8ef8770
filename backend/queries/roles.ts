import { and, eq, inArray, isNull, notExists, or, type SQL, sql } from "drizzle-orm";
import { ROLE_RESOURCE_TYPES, SCOPED_ROLES } from "../../lib/contract/user";
import type { TRole, TRoleResource, TRoleScope } from "../auth/roles";
import type { AppDb } from "../db/client";
import { roles, type TRoleName, users, usersRoles } from "../db/schema";

/**
 * rolify's queries (api-contract §3; the scopes are auth/roles.ts'). Run them inside the
 * request's `withTenant` transaction; each still carries its own tenant condition.
 */

/** The SQL twin of matchesRole, over the roles table. */
function scopeCondition(name: string, scope?: TRoleScope): SQL {
  const named = eq(roles.name, name);
  if (scope === "any") return named;
  const global = and(isNull(roles.resourceType), isNull(roles.resourceId));
  if (!scope) return and(named, global) as SQL;
  const classLevel = and(eq(roles.resourceType, scope.type), isNull(roles.resourceId));
  const instance =
    scope.id === undefined
      ? undefined
      : and(eq(roles.resourceType, scope.type), eq(roles.resourceId, scope.id));
  return and(named, or(global, classLevel, instance)) as SQL;
}

export async function rolesOf(db: AppDb, tenantId: number, userId: number): Promise<TRole[]> {
  const rows = await db
    .select({ role: roles })
    .from(usersRoles)
    .innerJoin(roles, eq(roles.id, usersRoles.roleId))
    .where(and(eq(usersRoles.tenantId, tenantId), eq(usersRoles.userId, userId)))
    .orderBy(roles.id);
  return rows.map((r) => r.role);
}

export async function hasRole(
  db: AppDb,
  tenantId: number,
  userId: number,
  name: TRoleName,
  scope?: TRoleScope,
): Promise<boolean> {
  const [row] = await db
    .select({ id: roles.id })
    .from(usersRoles)
    .innerJoin(roles, eq(roles.id, usersRoles.roleId))
    .where(
      and(
        eq(usersRoles.tenantId, tenantId),
        eq(usersRoles.userId, userId),
        scopeCondition(name, scope),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Exactly this role row: (name, resource_type, resource_id), nulls compared as nulls. */
function exactRole(tenantId: number, name: string, resource?: TRoleResource) {
  return and(
    eq(roles.tenantId, tenantId),
    eq(roles.name, name),
    resource ? eq(roles.resourceType, resource.type) : isNull(roles.resourceType),
    resource?.id !== undefined ? eq(roles.resourceId, resource.id) : isNull(roles.resourceId),
  );
}

/**
 * add_role: `first_or_create` on (name, resource_type, resource_id), so role rows are
 * shared between users, then the join row only if it is missing. Returns the role.
 */
export async function addRole(
  db: AppDb,
  tenantId: number,
  userId: number,
  name: TRoleName,
  resource?: TRoleResource,
): Promise<TRole> {
  // first_or_create without a race: the unique index decides, then read the row back.
  await db
    .insert(roles)
    .values({
      tenantId,
      name,
      resourceType: resource?.type ?? null,
      resourceId: resource?.id ?? null,
    })
    .onConflictDoNothing();
  const [role] = await db
    .select()
    .from(roles)
    .where(exactRole(tenantId, name, resource))
    .limit(1);
  await db.insert(usersRoles).values({ tenantId, userId, roleId: role.id }).onConflictDoNothing();
  return role;
}

/**
 * remove_role: matches on name, plus resource_type when a resource is given, plus
 * resource_id for an instance. So no resource removes every role of that name, a class
 * removes the class-level and all instance roles. Roles left without users are deleted
 * (rolify remove_role_if_empty). Returns the roles the user lost.
 */
export async function removeRole(
  db: AppDb,
  tenantId: number,
  userId: number,
  name: TRoleName,
  resource?: TRoleResource,
): Promise<TRole[]> {
  const held = await db
    .select({ role: roles })
    .from(usersRoles)
    .innerJoin(roles, eq(roles.id, usersRoles.roleId))
    .where(
      and(
        eq(usersRoles.tenantId, tenantId),
        eq(usersRoles.userId, userId),
        eq(roles.name, name),
        resource ? eq(roles.resourceType, resource.type) : undefined,
        resource?.id !== undefined ? eq(roles.resourceId, resource.id) : undefined,
      ),
    );
  const ids = held.map((h) => h.role.id);
  if (ids.length === 0) return [];
  await db
    .delete(usersRoles)
    .where(
      and(
        eq(usersRoles.tenantId, tenantId),
        eq(usersRoles.userId, userId),
        inArray(usersRoles.roleId, ids),
      ),
    );
  await db
    .delete(roles)
    .where(
      and(
        eq(roles.tenantId, tenantId),
        inArray(roles.id, ids),
        notExists(
          db.select({ one: sql`1` }).from(usersRoles).where(eq(usersRoles.roleId, roles.id)),
        ),
      ),
    );
  return held.map((h) => h.role);
}

/**
 * `users.id IN (…)` for User.with_role(name, resource): global, class-level or that
 * instance, as rolify builds it. A subquery, so a user holding the role twice still
 * appears once (rolify #324).
 */
export function withRoleCondition(tenantId: number, name: string, scope?: TRoleScope): SQL {
  return inArray(
    users.id,
    sql`(select ${usersRoles.userId} from ${usersRoles} inner join ${roles} on ${roles.id} = ${usersRoles.roleId} where ${usersRoles.tenantId} = ${tenantId} and ${scopeCondition(name, scope)})`,
  );
}

/**
 * api-contract decision `filter[with_role]=NAME`: users holding NAME globally or on the
 * organization `organizationId` (class-level roles included, as rolify does), once each.
 */
export async function withRole(
  db: AppDb,
  tenantId: number,
  name: TRoleName,
  organizationId?: number,
) {
  const scope =
    organizationId === undefined
      ? undefined
      : { type: "Organization" as const, id: organizationId };
  return db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), withRoleCondition(tenantId, name, scope)))
    .orderBy(users.id);
}

/** The user's first role on an organization or desk (what an invitation gives), oldest
 *  role first; undefined when there is none. */
export async function firstScopedRole(tx: AppDb, tenantId: number, userId: number) {
  const [held] = await tx
    .select({ name: roles.name, type: roles.resourceType, id: roles.resourceId })
    .from(usersRoles)
    .innerJoin(roles, eq(roles.id, usersRoles.roleId))
    .where(
      and(
        eq(usersRoles.tenantId, tenantId),
        eq(usersRoles.userId, userId),
        inArray(roles.name, [...SCOPED_ROLES]),
        inArray(roles.resourceType, [...ROLE_RESOURCE_TYPES]),
      ),
    )
    .orderBy(roles.id)
    .limit(1);
  return held;
}
