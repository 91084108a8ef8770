import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "@/lib/api";
import { organizationKeys } from "@/lib/api/query-keys";
import type { Query } from "@/lib/api/query-string";
import {
  fetchOrganization,
  fetchOrganizationPage,
  fetchVolunteerCentres,
} from "./organization-api";

/** One page of the back office's list; the previous page stays on screen while the next loads. */
export function organizationPageQuery(query: Query, client: ApiClient = api) {
  return queryOptions({
    queryKey: organizationKeys.list(query),
    queryFn: ({ signal }) => fetchOrganizationPage(client, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function organizationQuery(id: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: organizationKeys.detail(id),
    queryFn: ({ signal }) => fetchOrganization(client, id, signal),
  });
}

/** The tenant's approved volunteer centres (public; the move page's targets). */
export function volunteerCentresQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: organizationKeys.centres(),
    queryFn: ({ signal }) => fetchVolunteerCentres(client, signal),
    staleTime: 5 * 60_000,
  });
}
