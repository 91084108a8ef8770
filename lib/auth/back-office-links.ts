import type { Role } from "./auth-state";
import { isAdminOf, isSuperadmin } from "./role-checks";

export type TBackOfficeLink =
  | "organizations"
  | "organizationApprove"
  | "users"
  | "auditLog"
  | "settings"
  | "administrators";

const HREFS: Record<TBackOfficeLink, string> = {
  organizations: "/organizations",
  organizationApprove: "/organizations/approve",
  users: "/users",
  auditLog: "/logboek",
  settings: "/instellingen",
  administrators: "/nov/beheerders",
};

/**
 * The back-office pages the account menu offers, by role (docs/permissions.md): an
 * organization's admins manage it and its people; a centre's admins also approve, read the
 * audit log and run the centre's settings; superadmins also appoint centre administrators.
 * Only what the api would allow is offered; the pages check again.
 */
export function backOfficeLinks(
  roles: readonly Role[],
  organizations: readonly { id: string | number; type?: string | null }[],
): { key: TBackOfficeLink; href: string }[] {
  const superadmin = isSuperadmin(roles);
  const centreAdmin = organizations.some(
    (o) => o.type === "VolunteerCenter" && isAdminOf(roles, o.id),
  );
  const organizationAdmin =
    superadmin ||
    roles.some(
      (r) => r.name === "admin" && (r.resourceType == null || r.resourceType === "Organization"),
    );
  const keys: TBackOfficeLink[] = [];
  if (organizationAdmin) keys.push("organizations");
  if (superadmin || centreAdmin) keys.push("organizationApprove");
  if (organizationAdmin) keys.push("users");
  if (superadmin || centreAdmin) keys.push("auditLog", "settings");
  if (superadmin) keys.push("administrators");
  return keys.map((key) => ({ key, href: HREFS[key] }));
}
