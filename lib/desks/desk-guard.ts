import type { Role } from "@/lib/auth/auth-state";
import { hasRole, isSuperadmin } from "@/lib/auth/role-checks";

/** The desks the roles make someone the manager of (instance roles only). */
export function managedDeskIds(roles: readonly Role[]): string[] {
  return roles
    .filter(
      (role) =>
        role.name === "desk_manager" &&
        role.resourceType === "Desk" &&
        role.resourceId !== null &&
        role.resourceId !== undefined,
    )
    .map((role) => String(role.resourceId));
}

/**
 * spec §2's desk guard, the part that needs the user (docs/desks-admin.md): an account
 * belongs to a desk when it manages one. On the pages of a desk it does not manage, such an
 * account is sent to /wrong-desk, unless it also works for the desk's centre (its admins
 * and members run every desk of the centre) or is a superadmin. Volunteers and everyone
 * without a desk pass: the desk pages are public.
 */
export function belongsToAnotherDesk(
  roles: readonly Role[],
  desk: { id: string; volunteerCenterId: string },
): boolean {
  if (isSuperadmin(roles)) return false;
  const own = managedDeskIds(roles);
  if (own.length === 0 || own.includes(desk.id)) return false;
  const centre = { type: "Organization", id: desk.volunteerCenterId };
  return !(hasRole(roles, "admin", centre) || hasRole(roles, "member", centre));
}

/** Where the guard sends them: /wrong-desk, naming the desk they tried. */
export const wrongDeskPath = (slug: string) => `/wrong-desk?balie=${encodeURIComponent(slug)}`;
