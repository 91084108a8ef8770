import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "@/lib/api";
import { fetchPaged } from "@/lib/api/paged";
import type { TApplication } from "@/lib/applications/application-types";
import type { Role } from "@/lib/auth/auth-state";
import type { Organization } from "@/lib/organizations/select-organization";

/**
 * The centre's dashboard list "Waiting for a reply" (docs/reply-times.md): applications of
 * the centre still unanswered past its escalation days, from
 * GET /api/v1/volunteer_centers/:id/overdue_applications.
 */

export const replyTimeKeys = {
  all: ["reply-times"] as const,
  overdue: (centreId: string) => [...replyTimeKeys.all, "overdue", centreId] as const,
};

/** What one overdue row shows: the application with its vacancy and organisation. */
export type TOverdueApplication = TApplication & { waitingWorkingDays?: number | null };

export const OVERDUE_PAGE_SIZE = 50;

export function overdueApplicationsQuery(centreId: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: replyTimeKeys.overdue(centreId),
    queryFn: ({ signal }) =>
      fetchPaged<TOverdueApplication>(
        client,
        `/api/v1/volunteer_centers/${encodeURIComponent(centreId)}/overdue_applications`,
        { include: "vacancy,organization", page: { size: OVERDUE_PAGE_SIZE } },
        signal,
      ),
  });
}

/** The centres among the caller's organisations that they administer (instance admin). */
export function administeredCentres(
  organizations: readonly Organization[],
  roles: readonly Role[],
): Organization[] {
  return organizations.filter(
    (organization) =>
      organization.type === "VolunteerCenter" &&
      roles.some(
        (role) =>
          role.name === "admin" &&
          role.resourceType === "Organization" &&
          String(role.resourceId) === String(organization.id),
      ),
  );
}
