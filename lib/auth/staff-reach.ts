import { STAFF_REACH, type TStaffReach } from "@/lib/routes";
import type { Role } from "./auth-state";
import { hasRole, isAdminOf, isSuperadmin } from "./role-checks";

/** What staffReach needs of an organization (current_organizations, spec §7). */
export type TReachOrganization = { id: string | number; type?: string | null };

/** The roles that make someone staff: everyone but a plain volunteer. */
const STAFF_ROLES = ["superadmin", "admin", "member", "desk_manager"] as const;

const onAnyOrganization = (role: Role) =>
  role.resourceType == null || role.resourceType === "Organization";

/**
 * The back-office levels a user reaches (docs/permissions.md): an organization's admins
 * manage it and its people; a centre's admins (admin of an organization of type
 * VolunteerCenter) also approve, read the audit log and run the centre's settings; a desk
 * manager runs a desk; a superadmin reaches everything. The one rule behind the back
 * office's navigation and the account menu: route rows name the levels they are for
 * (lib/routes.ts, `backOffice.reach`). Only what the api would allow is offered; pages and
 * api check again.
 */
export function staffReach(
  roles: readonly Role[],
  organizations: readonly TReachOrganization[],
): ReadonlySet<TStaffReach> {
  if (isSuperadmin(roles)) return new Set(STAFF_REACH);
  const reach = new Set<TStaffReach>();
  if (roles.some((role) => (STAFF_ROLES as readonly string[]).includes(role.name))) {
    reach.add("staff");
  }
  if (roles.some((role) => role.name === "admin" && onAnyOrganization(role))) {
    reach.add("organizationAdmin");
  }
  if (organizations.some((o) => o.type === "VolunteerCenter" && isAdminOf(roles, o.id))) {
    reach.add("centreAdmin");
  }
  // Vacancies are managed by whoever holds admin or member on an organisation (the api's
  // vacancies.list_managed); a centre is an organisation too.
  if (
    roles.some(
      (role) => (role.name === "admin" || role.name === "member") && onAnyOrganization(role),
    )
  ) {
    reach.add("organizationStaff");
  }
  // The volunteer pool is for a centre's staff: its admins and its members.
  if (
    organizations.some(
      (o) =>
        o.type === "VolunteerCenter" &&
        (isAdminOf(roles, o.id) || hasRole(roles, "member", { type: "Organization", id: o.id })),
    )
  ) {
    reach.add("centreStaff");
  }
  if (
    roles.some((role) => role.name === "desk_manager" && (role.resourceType ?? "Desk") === "Desk")
  ) {
    reach.add("deskManager");
  }
  return reach;
}
