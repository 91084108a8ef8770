import type { Role } from "./auth-state";

/**
 * rolify's has_role? on the roles current_user sends (api-contract §3), for deciding what
 * a page offers. The api decides what is allowed (backend/policies/policy.ts); these only
 * keep buttons away from people the api would refuse.
 */
export function hasRole(
  roles: readonly Role[],
  name: string,
  scope?: { type: string; id?: string | number },
): boolean {
  return roles.some((role) => {
    if (role.name !== name) return false;
    const type = role.resourceType ?? null;
    const id = role.resourceId ?? null;
    if (type === null && id === null) return true;
    if (!scope || type !== scope.type) return false;
    return id === null || (scope.id !== undefined && String(id) === String(scope.id));
  });
}

export const isSuperadmin = (roles: readonly Role[]) => hasRole(roles, "superadmin");

/** Admin of that organization (a centre is one), on the instance, the class or globally. */
export const isAdminOf = (
  roles: readonly Role[],
  organizationId: string | number | null | undefined,
) =>
  organizationId !== null &&
  organizationId !== undefined &&
  hasRole(roles, "admin", { type: "Organization", id: organizationId });

/** Runs an organization's status and existence: superadmins and its centre's admins. */
export const managesOrganization = (
  roles: readonly Role[],
  organization: { volunteerCenterId?: string | number | null },
) => isSuperadmin(roles) || isAdminOf(roles, organization.volunteerCenterId);
