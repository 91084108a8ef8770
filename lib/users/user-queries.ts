import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "@/lib/api";
import { userKeys } from "@/lib/api/query-keys";
import type { Query } from "@/lib/api/query-string";
import { fetchOrganizationAdmins, fetchUser, fetchUserHistory, fetchUserPage } from "./user-api";

/** The admins of one organization (spec §6). */
export function organizationAdminsQuery(organizationId: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: userKeys.list({ organizationId, withRole: "admin" }),
    queryFn: ({ signal }) => fetchOrganizationAdmins(client, organizationId, signal),
  });
}

/** One page of /users; the previous page stays on screen while the next loads. */
export function userPageQuery(query: Query, client: ApiClient = api) {
  return queryOptions({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => fetchUserPage(client, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** One user with roles and organizations (spec §7). */
export function userQuery(id: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => fetchUser(client, id, signal),
  });
}

/** The user's recent audit entries (centre admins and superadmins only; the api checks). */
export function userHistoryQuery(id: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: userKeys.history(id),
    queryFn: ({ signal }) => fetchUserHistory(client, id, signal),
  });
}
