import { backOfficeSections } from "@/lib/navigation/back-office-sections";
import type { TRouteTitle } from "@/lib/routes";
import type { Role } from "./auth-state";
import { staffReach, type TReachOrganization } from "./staff-reach";

/**
 * The back-office pages the account menu offers: the back office's navigation
 * (lib/navigation/back-office-sections.ts, from the route table and lib/auth/staff-reach.ts)
 * without the dashboard, which the menu lists for everyone anyway. One rule for both.
 */
export function backOfficeLinks(
  roles: readonly Role[],
  organizations: readonly TReachOrganization[],
): { key: TRouteTitle; href: string }[] {
  return backOfficeSections(staffReach(roles, organizations))
    .flatMap((group) => group.sections)
    .filter((section) => section.name !== "dashboard")
    .map((section) => ({ key: section.title, href: section.href }));
}
