import type { Role } from "@/lib/auth/auth-state";
import { hasRole } from "@/lib/auth/role-checks";
import type { TReadyAccess } from "@/lib/auth/use-staff-access";

/** An admin or member of that organisation (a centre is one): they manage its forms. */
export const isStaffOf = (roles: readonly Role[], organizationId: string | number) =>
  hasRole(roles, "admin", { type: "Organization", id: organizationId }) ||
  hasRole(roles, "member", { type: "Organization", id: organizationId });

/**
 * Who reaches the form builder at all (docs/form-builder.md): superadmins, centre admins and
 * the staff of any organisation. The api decides which forms each of them manages.
 */
export const managesForms = (access: TReadyAccess) =>
  access.superadmin ||
  access.centreIds.length > 0 ||
  access.roles.some(
    (role) =>
      (role.name === "admin" || role.name === "member") && role.resourceType === "Organization",
  );

/** Who a new form may belong to: the organisations and centres the user is staff of. */
export function ownerChoices(
  roles: readonly Role[],
  organizations: readonly { id: string | number; name?: unknown }[],
): { value: string; label: string }[] {
  return organizations
    .filter((o) => isStaffOf(roles, o.id))
    .map((o) => ({
      value: String(o.id),
      label: typeof o.name === "string" ? o.name : String(o.id),
    }));
}
