import { and, count, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { TNotificationPreferences } from "../../lib/contract/notification-preferences";
import { rolesOf, type TRole, type TRoleRef } from "../auth/roles";
import type { AppDb } from "../db/client";
import { desks, organizations, roles, type TUserStatus, users, usersRoles } from "../db/schema";
import type { TUserFacts } from "../policies/policy";
import {
  type TOrganization,
  type TOrganizationWithRelations,
  userOrganizations,
  withOrganizationRelations,
} from "./organizations";

export type TUser = typeof users.$inferSelect;
export type TUserWithRelations = TUser & {
  roles: TRole[];
  organizations: (TOrganization | TOrganizationWithRelations)[];
};

/** The fields PATCH /current_user may change (email and password go through devise). */
export type TProfileChanges = Partial<Pick<TUser, "firstName" | "lastName" | "phone" | "locale">>;

/**
 * A user with the roles and organizations the user resource always links. Organizations
 * get their own relations only when they will be serialized (`include=organizations`).
 */
export async function userWithRelations(
  db: AppDb,
  tenantId: number,
  user: TUser,
  options: {
    organizationRelations?: boolean;
    /** The user's roles when the caller already loaded them (the policy actor did). */
    roles?: Awaited<ReturnType<typeof rolesOf>>;
  } = {},
): Promise<TUserWithRelations> {
  const roles = options.roles ?? (await rolesOf(db, tenantId, user.id));
  const { rows } = await userOrganizations(db, tenantId, user.id);
  const organizations = options.organizationRelations
    ? await withOrganizationRelations(db, tenantId, rows)
    : rows;
  return { ...user, roles, organizations };
}

export async function findUser(db: AppDb, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
  return row as TUser | undefined;
}

/** The tenant's account with this address, whatever its provider and status: the address
 *  is unique per tenant (users_tenant_email_idx), so any account holds it. */
export async function userWithEmail(db: AppDb, tenantId: number, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.email, email)))
    .limit(1);
  return row as TUser | undefined;
}

/** Holds exactly this role row (name, resource type and id, nulls as nulls). */
export async function holdsExactRole(
  db: AppDb,
  tenantId: number,
  userId: number,
  role: { name: string; resourceType: string | null; resourceId: number | null },
): Promise<boolean> {
  return (await rolesOf(db, tenantId, userId)).some(
    (r) =>
      r.name === role.name &&
      r.resourceType === role.resourceType &&
      r.resourceId === role.resourceId,
  );
}

export async function updateUserProfile(
  db: AppDb,
  tenantId: number,
  id: number,
  changes: TProfileChanges,
  /** Merged over the stored ones (PATCH /current_user only). */
  notificationPreferences?: TNotificationPreferences,
): Promise<TUser | undefined> {
  if (Object.keys(changes).length === 0 && !notificationPreferences) {
    return findUser(db, tenantId, id);
  }
  const [row] = await db
    .update(users)
    .set({
      ...changes,
      // Merged in the statement itself: a kind the request leaves out keeps its channel,
      // even against a concurrent change of another kind.
      ...(notificationPreferences
        ? {
            notificationPreferences: sql`${users.notificationPreferences} || ${JSON.stringify(notificationPreferences)}::jsonb`,
          }
        : {}),
    })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
    .returning();
  return row;
}

/** The organizations the user holds admin or member on, and the centres they belong to
 *  (the policy's TUserFacts). */
export async function userFacts(db: AppDb, tenantId: number, user: TUser): Promise<TUserFacts> {
  const { rows } = await userOrganizations(db, tenantId, user.id);
  const centerIds = new Set<number>();
  if (user.volunteerCenterId !== null) centerIds.add(user.volunteerCenterId);
  for (const organization of rows) {
    if (organization.volunteerCenterId !== null) centerIds.add(organization.volunteerCenterId);
  }
  const superadmin = (await rolesOf(db, tenantId, user.id)).some(
    (r) => r.name === "superadmin" && r.resourceType === null,
  );
  return {
    userId: user.id,
    organizationIds: rows.map((o) => o.id),
    centerIds: [...centerIds],
    superadmin,
  };
}

/** `users.id IN (…)`: users holding admin or member on one of these organizations. */
function memberOf(tenantId: number, organizationIds: SQL): SQL {
  return inArray(
    users.id,
    sql`(select ${usersRoles.userId} from ${usersRoles} inner join ${roles} on ${roles.id} = ${usersRoles.roleId} where ${usersRoles.tenantId} = ${tenantId} and ${roles.name} in ('admin', 'member') and ${roles.resourceType} = 'Organization' and ${roles.resourceId} in ${organizationIds})`,
  );
}

export const memberOfOrganization = (tenantId: number, organizationId: number) =>
  memberOf(tenantId, sql`(${organizationId})`);

/**
 * The users an actor may list (policy users.list, the same reach as `manages`): null for a
 * superadmin (all of the tenant); otherwise the users of the organizations the actor is
 * admin of, and of the organizations and the users of the centres among them.
 */
export function visibleTo(tenantId: number, actorRoles: readonly TRoleRef[]): SQL | null {
  if (actorRoles.some((r) => r.name === "superadmin" && r.resourceType === null)) return null;
  // A class-level or global admin (rolify) is admin of every organization.
  if (
    actorRoles.some(
      (r) =>
        r.name === "admin" &&
        (r.resourceType === null || (r.resourceType === "Organization" && r.resourceId === null)),
    )
  ) {
    return null;
  }
  const adminIds = actorRoles
    .filter((r) => r.name === "admin" && r.resourceType === "Organization" && r.resourceId)
    .map((r) => r.resourceId as number);
  if (adminIds.length === 0) return sql`false`;
  const ids = sql.join(
    adminIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return or(
    inArray(users.volunteerCenterId, adminIds),
    memberOf(tenantId, sql`(${ids})`),
    memberOf(
      tenantId,
      sql`(select ${organizations.id} from ${organizations} where ${organizations.tenantId} = ${tenantId} and ${organizations.volunteerCenterId} in (${ids}))`,
    ),
  ) as SQL;
}

export async function listUsers(
  db: AppDb,
  tenantId: number,
  options: { where: (SQL | undefined | null)[]; orderBy: SQL[]; limit: number; offset: number },
): Promise<{ rows: TUser[]; records: number }> {
  const where = and(eq(users.tenantId, tenantId), ...options.where.map((w) => w ?? undefined));
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(...options.orderBy, users.id)
    .limit(options.limit)
    .offset(options.offset);
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  return { rows, records: total };
}

/** The centre of a role's resource and its name (an organization's name, a desk's AZC name),
 *  or undefined when the tenant has no such resource. */
export async function roleResourceCenter(
  db: AppDb,
  tenantId: number,
  resourceType: "Organization" | "Desk",
  resourceId: number,
): Promise<{ centerId: number | null; label: string } | undefined> {
  if (resourceType === "Desk") {
    const [desk] = await db
      .select({ centerId: desks.volunteerCenterId, label: desks.azcName })
      .from(desks)
      .where(and(eq(desks.tenantId, tenantId), eq(desks.id, resourceId)));
    return desk;
  }
  const [organization] = await db
    .select()
    .from(organizations)
    .where(and(eq(organizations.tenantId, tenantId), eq(organizations.id, resourceId)));
  if (!organization) return undefined;
  return {
    centerId:
      organization.type === "VolunteerCenter" ? organization.id : organization.volunteerCenterId,
    label: organization.name,
  };
}

export async function setUserStatus(
  db: AppDb,
  tenantId: number,
  id: number,
  status: TUserStatus,
  options: { revokeTokens?: boolean } = {},
): Promise<TUser | undefined> {
  const [row] = await db
    .update(users)
    .set(options.revokeTokens ? { status, tokens: {} } : { status })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
    .returning();
  return row;
}

/**
 * userWithRelations for a page of users in three queries, whatever the page size (up to
 * 1000): their roles, their organizations, and those organizations' relations if asked.
 */
export async function usersWithRelations(
  db: AppDb,
  tenantId: number,
  rows: readonly TUser[],
  options: { organizationRelations?: boolean } = {},
): Promise<TUserWithRelations[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const held = await db
    .select({ userId: usersRoles.userId, role: roles })
    .from(usersRoles)
    .innerJoin(roles, eq(roles.id, usersRoles.roleId))
    .where(and(eq(usersRoles.tenantId, tenantId), inArray(usersRoles.userId, ids)))
    .orderBy(roles.id);
  const organizationIds = [
    ...new Set(
      held
        .filter(
          (h) =>
            (h.role.name === "admin" || h.role.name === "member") &&
            h.role.resourceType === "Organization" &&
            h.role.resourceId !== null,
        )
        .map((h) => h.role.resourceId as number),
    ),
  ];
  const found =
    organizationIds.length === 0
      ? []
      : await db
          .select()
          .from(organizations)
          .where(
            and(eq(organizations.tenantId, tenantId), inArray(organizations.id, organizationIds)),
          )
          .orderBy(organizations.name, organizations.id);
  const related: (TOrganization | TOrganizationWithRelations)[] = options.organizationRelations
    ? await withOrganizationRelations(db, tenantId, found)
    : found;
  return rows.map((user) => {
    const own = held.filter((h) => h.userId === user.id);
    const mine = new Set(
      own
        .filter(
          (h) =>
            (h.role.name === "admin" || h.role.name === "member") &&
            h.role.resourceType === "Organization",
        )
        .map((h) => h.role.resourceId),
    );
    return {
      ...user,
      roles: own.map((h) => h.role),
      organizations: related.filter((o) => mine.has(o.id)),
    };
  });
}
