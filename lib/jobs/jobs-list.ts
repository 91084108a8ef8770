import type { Query } from "@/lib/api/query-string";
import { JOB_KINDS, JOB_STATES } from "@/lib/contract/jobs";
import { sortValue, type TListSpec, type TListState } from "@/lib/lists/list-state";

/** /admin/jobs: what its URL may say (lib/lists/list-state.ts). Newest first by default. */
export const JOBS_LIST: TListSpec<"created_at" | "run_at", "state" | "kind"> = {
  sortable: ["created_at", "run_at"],
  defaultSort: { field: "created_at", direction: "desc" },
  filters: { state: JOB_STATES, kind: JOB_KINDS },
};
export type TJobsListState = TListState<"created_at" | "run_at", "state" | "kind">;

/** The api query for a list state (docs/jobs.md, "Operations"). */
export function jobsListQuery(state: TJobsListState): Query {
  const filter: Record<string, string> = {};
  if (state.filters.state) filter.state_eq = state.filters.state;
  if (state.filters.kind) filter.kind_eq = state.filters.kind;
  return {
    filter,
    sort: sortValue(state.sort),
    page: { number: state.page, size: state.size },
  };
}
