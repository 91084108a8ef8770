import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "@/lib/api";
import { deskKeys } from "@/lib/api/query-keys";

/** A desk as the public list gives it (spec §3: azcName, slug, volunteerCenterId). */
export type TDeskName = { id: string; azcName: string; slug: string };

/** GET /api/v1/meedoen/desks (spec §7, public): the tenant's active desks, all on one page. */
export function activeDesksQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: deskKeys.active(),
    queryFn: async ({ signal }) =>
      (
        await client.get<TDeskName[]>("/api/v1/meedoen/desks", {
          // spec §9: admin list page size.
          query: { page: { size: 1000 } },
          signal,
        })
      ).data,
  });
}
