import type { Role } from "@/lib/auth/auth-state";
import { hasRole, isAdminOf, isSuperadmin } from "@/lib/auth/role-checks";
import type { TUserRecord, TUserStatus } from "./user-types";

/**
 * What the signed-in admin may do with a user, mirroring the users.* rules of
 * backend/policies/policy.ts (docs/permissions.md). The api decides; these only keep
 * buttons away from people it would refuse.
 */

type TViewer = { id: string | null; roles: readonly Role[] };
type TUserFacts = Pick<TUserRecord, "id" | "volunteerCenterId" | "roles" | "organizations">;

/** The centres a user belongs to: their own, and their organizations' centres. */
function centreIdsOf(user: TUserFacts): string[] {
  const ids = new Set<string>();
  if (user.volunteerCenterId !== null && user.volunteerCenterId !== undefined) {
    ids.add(String(user.volunteerCenterId));
  }
  for (const organization of user.organizations ?? []) {
    if (organization.volunteerCenterId !== null && organization.volunteerCenterId !== undefined) {
      ids.add(String(organization.volunteerCenterId));
    }
  }
  return [...ids];
}

/**
 * The viewer administers the user (policy `administers`): a superadmin, or an admin of one
 * of the user's organizations or centres; a superadmin user only by superadmins.
 */
export function administersUser(viewer: TViewer, user: TUserFacts): boolean {
  if (isSuperadmin(viewer.roles)) return true;
  if (hasRole(user.roles ?? [], "superadmin")) return false;
  return (
    (user.organizations ?? []).some((o) => isAdminOf(viewer.roles, o.id)) ||
    centreIdsOf(user).some((id) => isAdminOf(viewer.roles, id))
  );
}

/** Status changes and archiving: the user's administrators, never on oneself. */
export function mayChangeStatus(viewer: TViewer, user: TUserFacts): boolean {
  return viewer.id !== String(user.id) && administersUser(viewer, user);
}

export type TStatusAction = "deactivate" | "activate" | "archive";

/**
 * The status buttons docs/status-machines.md allows from `status`. An invited user is not
 * offered "activate": they become active by accepting the invitation, which sets their
 * password; activating them by hand would leave an account nobody can sign in to
 * (docs/users-pages.md).
 */
export function statusActions(status: TUserStatus): TStatusAction[] {
  switch (status) {
    case "active":
      return ["deactivate", "archive"];
    case "inactive":
      return ["activate", "archive"];
    case "invited":
      return ["archive"];
    default:
      return [];
  }
}

/** The status a status action sets. */
export const targetStatus = (action: TStatusAction): TUserStatus =>
  action === "activate" ? "active" : action === "deactivate" ? "inactive" : "archived";

/** Resending is for invited or unconfirmed users who are not archived (docs/api-users.md). */
export const mayResend = (user: Pick<TUserRecord, "status" | "confirmedAt">) =>
  user.status === "invited" || (user.status !== "archived" && !user.confirmedAt);

/**
 * The viewer may take this role away (policy `mayChangeRole`): superadmins any; an
 * organization's role its admins and its centre's admins; a desk's role the admins of the
 * desk's centre. `centreOf` gives an organization's or desk's centre where the page knows it.
 */
export function mayChangeRole(
  viewerRoles: readonly Role[],
  role: Role,
  centreOf: { organization: (id: string) => string | null; desk: (id: string) => string | null },
): boolean {
  if (isSuperadmin(viewerRoles)) return true;
  const id =
    role.resourceId === null || role.resourceId === undefined ? null : String(role.resourceId);
  if (id === null || !role.resourceType) return false;
  if (role.resourceType === "Organization" && (role.name === "admin" || role.name === "member")) {
    return isAdminOf(viewerRoles, id) || isAdminOf(viewerRoles, centreOf.organization(id));
  }
  if (role.resourceType === "Desk" && role.name === "desk_manager") {
    return isAdminOf(viewerRoles, centreOf.desk(id));
  }
  return false;
}

/**
 * Signing in as the user (policy `users.sign_in_as`): superadmins, and the admins of the
 * user's centre; never oneself, a superadmin only by superadmins; and only an active,
 * confirmed account, which could sign in itself (docs/impersonation-and-account-deletion.md).
 */
export function maySignInAs(
  viewer: TViewer,
  user: TUserFacts & Pick<TUserRecord, "status" | "confirmedAt">,
): boolean {
  if (viewer.id === String(user.id) || user.status !== "active" || !user.confirmedAt) return false;
  if (isSuperadmin(viewer.roles)) return true;
  if (hasRole(user.roles ?? [], "superadmin")) return false;
  return centreIdsOf(user).some((id) => isAdminOf(viewer.roles, id));
}
