import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "@/lib/api";
import { userKeys } from "@/lib/api/query-keys";
import { fetchOrganizationAdmins } from "./user-api";

/** The admins of one organization (spec §6). */
export function organizationAdminsQuery(organizationId: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: userKeys.list({ organizationId, withRole: "admin" }),
    queryFn: ({ signal }) => fetchOrganizationAdmins(client, organizationId, signal),
  });
}
