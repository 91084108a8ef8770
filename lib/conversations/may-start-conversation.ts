import type { Role } from "@/lib/auth/auth-state";

/**
 * Who is offered "Send a message" on a user's page, mirroring the api's
 * `conversations.create` (backend/policies/policy.ts): an admin or member on a volunteer
 * centre itself (a role on the class or a global one does not count there, and neither does
 * superadmin: they would not be on the thread). The api decides, and for the site's centre;
 * this only keeps the form away from people it would refuse.
 */

type TOrganization = { id: string | number; type?: string | null };

/** The volunteer centres among the viewer's organizations they are admin or member of. */
export function staffedCentreIds(
  roles: readonly Role[],
  organizations: readonly TOrganization[],
): string[] {
  const staffed = new Set(
    roles
      .filter(
        (role) =>
          (role.name === "admin" || role.name === "member") &&
          role.resourceType === "Organization" &&
          role.resourceId !== null &&
          role.resourceId !== undefined,
      )
      .map((role) => String(role.resourceId)),
  );
  return organizations
    .filter((o) => o.type === "VolunteerCenter" && staffed.has(String(o.id)))
    .map((o) => String(o.id));
}

/**
 * A centre's staff may write to an active user, never to themselves (the api answers 422 for
 * both: an inactive, invited or archived account could not read it).
 */
export function mayStartConversation(
  viewer: { id: string | null; roles: readonly Role[] },
  organizations: readonly TOrganization[],
  user: { id: string | number; status: string },
): boolean {
  if (viewer.id === null || viewer.id === String(user.id) || user.status !== "active") return false;
  return staffedCentreIds(viewer.roles, organizations).length > 0;
}
