import {
  resourceTypeOf,
  SCOPED_ROLES,
  type TRoleResourceType,
  type TScopedRoleName,
} from "@/lib/contract/user";
import type { TDeskRecord } from "@/lib/desks/desk-queries";
import type { TOrganizationRecord } from "@/lib/organizations/organization-types";
import type { TRoleChange } from "./user-types";

export { resourceTypeOf, SCOPED_ROLES };

/**
 * The role an admin hands out on /users/add and /users/:id/add_role: admin or member of an
 * organization (a centre is one), or desk manager of a desk (docs/api-users.md, Roles).
 * Global roles are not offered: only superadmins give them, and not by mail.
 */

export type TChoice = { value: string; label: string };

/**
 * The organizations a role may be given on: those the api lists the admin (the ones they
 * may edit, so may grant roles on), without archived and denied ones, which take no staff.
 */
export function organizationChoices(organizations: readonly TOrganizationRecord[]): TChoice[] {
  return organizations
    .filter((o) => o.status !== "archived" && o.status !== "denied")
    .map((o) => ({ value: String(o.id), label: o.name }))
    .sort((a, b) => a.label.localeCompare(b.label, "nl"));
}

/**
 * The desks whose managers the admin may appoint: superadmins every desk, a centre's
 * admins the desks of their centres (policy `mayChangeRole`).
 */
export function deskChoices(
  desks: readonly TDeskRecord[],
  access: { superadmin: boolean; centreIds: readonly string[] },
): TChoice[] {
  return desks
    .filter((d) => access.superadmin || access.centreIds.includes(String(d.volunteerCenterId)))
    .map((d) => ({ value: String(d.id), label: d.azcName }))
    .sort((a, b) => a.label.localeCompare(b.label, "nl"));
}

/** The roles worth offering: none on a kind of resource the admin has none of. */
export function roleChoicesFor(hasOrganizations: boolean, hasDesks: boolean): TScopedRoleName[] {
  return SCOPED_ROLES.filter((role) =>
    resourceTypeOf(role) === "Desk" ? hasDesks : hasOrganizations,
  );
}

/** The form's two values as add_role's and the invitation's role attributes. */
export const choiceToChange = (
  role: TScopedRoleName,
  resourceId: string,
): TRoleChange & {
  role: TScopedRoleName;
  resourceType: TRoleResourceType;
  resourceId: string;
} => ({ role, resourceType: resourceTypeOf(role), resourceId });
