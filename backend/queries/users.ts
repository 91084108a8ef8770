import { and, eq } from "drizzle-orm";
import { rolesOf, type TRole } from "../auth/roles";
import type { AppDb } from "../db/client";
import { users } from "../db/schema";
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

export async function updateUserProfile(
  db: AppDb,
  tenantId: number,
  id: number,
  changes: TProfileChanges,
): Promise<TUser | undefined> {
  if (Object.keys(changes).length === 0) return findUser(db, tenantId, id);
  const [row] = await db
    .update(users)
    .set(changes)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
    .returning();
  return row;
}
