import type { Query } from "@/lib/api/query-string";
import { ORGANIZATION_STATUSES, ORGANIZATION_TYPES } from "@/lib/contract/organization";
import { sortValue, type TListSpec, type TListState } from "@/lib/lists/list-state";

export type TOrganizationSort = "name" | "created_at" | "status";

/** /organizations: what its URL may say (lib/lists/list-state.ts). */
export const ORGANIZATION_LIST: TListSpec<TOrganizationSort, "status" | "type"> = {
  sortable: ["name", "created_at", "status"],
  defaultSort: { field: "name", direction: "asc" },
  filters: {
    status: ORGANIZATION_STATUSES,
    type: ORGANIZATION_TYPES,
  },
};
export type TOrganizationListState = TListState<TOrganizationSort, "status" | "type">;

/** The api query for a list state: ransack filters, sort, page (api-contract §2). */
export function organizationListQuery(state: TOrganizationListState): Query {
  const filter: Record<string, string> = {};
  if (state.q) filter.name_cont = state.q;
  if (state.filters.status) filter.status_eq = state.filters.status;
  if (state.filters.type) filter.type_eq = state.filters.type;
  return {
    include: "address",
    filter,
    sort: sortValue(state.sort),
    page: { number: state.page, size: state.size },
  };
}
