import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "@/lib/api";
import { organizationKeys } from "@/lib/api/query-keys";
import type { Organization } from "./select-organization";

/** GET /api/v1/current_organizations (spec §7): the signed-in user's organizations. */
export function currentOrganizationsQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: organizationKeys.current(),
    queryFn: async ({ signal }) =>
      (await client.get<Organization[]>("/api/v1/current_organizations", { signal })).data,
  });
}
