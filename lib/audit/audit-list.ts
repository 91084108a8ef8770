import type { Query } from "@/lib/api/query-string";
import { sortValue, type TListSpec, type TListState } from "@/lib/lists/list-state";
import { AUDIT_ACTIONS, AUDIT_SUBJECT_TYPES } from "./audit-types";

/** /logboek: what its URL may say (lib/lists/list-state.ts). Newest first by default. */
export const AUDIT_LIST: TListSpec<"created_at", "action" | "subject"> = {
  sortable: ["created_at"],
  defaultSort: { field: "created_at", direction: "desc" },
  filters: { action: AUDIT_ACTIONS, subject: AUDIT_SUBJECT_TYPES },
};
export type TAuditListState = TListState<"created_at", "action" | "subject">;

/** The api query for a list state (docs/audit-log.md). */
export function auditListQuery(state: TAuditListState): Query {
  const filter: Record<string, string> = {};
  if (state.q) filter.subject_label_cont = state.q;
  if (state.filters.action) filter.action_eq = state.filters.action;
  if (state.filters.subject) filter.subject_type_eq = state.filters.subject;
  return {
    include: "actor",
    filter,
    sort: sortValue(state.sort),
    page: { number: state.page, size: state.size },
  };
}
