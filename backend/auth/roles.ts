import type { roles } from "../db/schema";

/**
 * rolify's semantics (api-contract §3): the scopes and matching on roles already loaded.
 * The queries (rolesOf, hasRole, addRole, removeRole, withRole…) live in
 * queries/roles.ts and are re-exported here, where the rest of the api finds them.
 *
 * A scope is nothing (global), a class (`{ type }`), an instance (`{ type, id }`) or
 * "any" (any role of that name).
 */
export type TRoleResourceType = "Organization" | "Desk";
export type TRoleResource = { type: TRoleResourceType; id?: number };
export type TRoleScope = TRoleResource | "any" | undefined;
export type TRoleRef = { name: string; resourceType: string | null; resourceId: number | null };
export type TRole = typeof roles.$inferSelect;

const isGlobal = (role: TRoleRef) => role.resourceType === null && role.resourceId === null;

/** has_role? on roles already loaded: nothing = global only; a class also matches global;
 *  an instance also matches global and class-level roles. */
export function matchesRole(role: TRoleRef, name: string, scope?: TRoleScope): boolean {
  if (role.name !== name) return false;
  if (scope === "any") return true;
  if (isGlobal(role)) return true;
  if (!scope) return false;
  if (role.resourceType !== scope.type) return false;
  return role.resourceId === null || (scope.id !== undefined && role.resourceId === scope.id);
}

export const hasRoleIn = (list: readonly TRoleRef[], name: string, scope?: TRoleScope) =>
  list.some((role) => matchesRole(role, name, scope));

export {
  addRole,
  hasRole,
  removeRole,
  rolesOf,
  withRole,
  withRoleCondition,
} from "../queries/roles";
