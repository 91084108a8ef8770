import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, api, isApiError } from "@/lib/api";
import { userKeys } from "@/lib/api/query-keys";
import { fetchManagedVacancy, fetchOrganizationStaff } from "./managed-vacancy-api";
import { managedVacancyKeys } from "./managed-vacancy-keys";
import type { TContactPerson } from "./managed-vacancy-types";

/** One vacancy the caller manages, in any status: the edit page's record. */
export function managedVacancyQuery(id: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: managedVacancyKeys.detail(id),
    queryFn: ({ signal }) => fetchManagedVacancy(client, id, signal),
  });
}

/**
 * The staff of an organisation, its vacancies' possible contact people; null when the
 * caller may not list them (a member: users.list is for admins), so the form offers what
 * it knows instead of failing. Under the user lists: a role change refreshes it.
 */
export function organizationStaffQuery(organizationId: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: userKeys.list({ organizationStaff: organizationId }),
    queryFn: async ({ signal }): Promise<TContactPerson[] | null> => {
      try {
        return await fetchOrganizationStaff(client, organizationId, signal);
      } catch (error) {
        if (isApiError(error) && error.statusCode === 403) return null;
        throw error;
      }
    },
    enabled: organizationId !== "",
  });
}
