import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "@/lib/api";
import { deskKeys } from "@/lib/api/query-keys";

/** A desk as the back office names it (spec §3: azcName, volunteerCenterId). */
export type TDeskRecord = {
  id: string;
  azcName: string;
  slug: string;
  volunteerCenterId: number | string;
};

/** spec §9: admin list page size. */
const DESK_LIST_SIZE = 1000;

/**
 * spec §7: GET /api/v1/meedoen/desks, the tenant's active desks (public; 'Balie NOV' and
 * desks without coordinates are left out, spec §3), sorted by AZC name.
 */
export function deskListQuery(client: ApiClient = api) {
  const query = { page: { size: DESK_LIST_SIZE } };
  return queryOptions({
    queryKey: deskKeys.list(query),
    queryFn: async ({ signal }) =>
      (await client.get<TDeskRecord[]>("/api/v1/meedoen/desks", { query, signal })).data,
    staleTime: 5 * 60_000,
  });
}
