import type { Query } from "@/lib/api/query-string";
import { TAG_STATUSES } from "@/lib/contract/tags";
import type { TListSpec, TListState } from "@/lib/lists/list-state";

/** /tags: what its URL may say (lib/lists/list-state.ts). By name; the api has no other order. */
export const TAGS_LIST: TListSpec<"name", "status"> = {
  sortable: ["name"],
  defaultSort: { field: "name", direction: "asc" },
  filters: { status: TAG_STATUSES },
};
export type TTagsListState = TListState<"name", "status">;

/** The api query for a list state (docs/tags.md). */
export function tagsListQuery(state: TTagsListState): Query {
  const filter: Record<string, string> = { scope: "all" };
  if (state.filters.status) filter.status = state.filters.status;
  if (state.q) filter.q = state.q;
  return { filter, page: { number: state.page, size: state.size } };
}
