import type { Role } from "@/lib/auth/auth-state";
import type { Organization } from "@/lib/organizations/select-organization";

/** The roles on one organization, with the organization when the user's list has it. */
export type TOrganizationRoles = { id: string; organization?: Organization; roles: Role[] };
/** The roles on one desk. */
export type TDeskRoles = { id: string; roles: Role[] };

export type TRoleGroups = {
  /** Roles without a resource (superadmin, volunteer): valid everywhere. */
  global: Role[];
  /**
   * Roles on a kind of resource rather than one (rolify's class-level roles, e.g. admin of
   * every Organization), and on kinds the page does not know.
   */
  broad: Role[];
  organizations: TOrganizationRoles[];
  desks: TDeskRoles[];
};

const idOf = (value: string | number | null | undefined) =>
  value === null || value === undefined ? null : String(value);

/**
 * /account/roles: the user's rolify roles (GET /api/v1/current_user?include=roles) laid out
 * per organization (in the order of GET /api/v1/current_organizations, then any organization
 * the list did not have), per desk, and the rest. Each role appears exactly once.
 */
export function groupRoles(
  roles: readonly Role[],
  organizations: readonly Organization[],
): TRoleGroups {
  const groups: TRoleGroups = { global: [], broad: [], organizations: [], desks: [] };
  const byOrganization = new Map<string, TOrganizationRoles>();
  for (const organization of organizations) {
    const id = String(organization.id);
    if (!byOrganization.has(id)) byOrganization.set(id, { id, organization, roles: [] });
  }
  const byDesk = new Map<string, TDeskRoles>();

  for (const role of roles) {
    const type = role.resourceType ?? null;
    const id = idOf(role.resourceId);
    if (type === null) {
      groups.global.push(role);
    } else if (id === null) {
      groups.broad.push(role);
    } else if (type === "Organization") {
      const entry = byOrganization.get(id) ?? { id, roles: [] };
      entry.roles.push(role);
      byOrganization.set(id, entry);
    } else if (type === "Desk") {
      const entry = byDesk.get(id) ?? { id, roles: [] };
      entry.roles.push(role);
      byDesk.set(id, entry);
    } else {
      groups.broad.push(role);
    }
  }
  groups.organizations = [...byOrganization.values()].filter((entry) => entry.roles.length > 0);
  groups.desks = [...byDesk.values()];
  return groups;
}
