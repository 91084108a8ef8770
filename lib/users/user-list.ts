import type { Query } from "@/lib/api/query-string";
import { USER_STATUSES } from "@/lib/contract/user";
import type { TListSpec, TListState, TSort } from "@/lib/lists/list-state";

type TSortField = "name" | "email" | "status" | "created_at";
type TFilter = "status" | "role";

/** The roles the role filter offers, in the order of docs/permissions.md. */
export const FILTER_ROLES = ["superadmin", "admin", "member", "desk_manager", "volunteer"] as const;

/** /users: what its URL may say (lib/lists/list-state.ts). */
export const USER_LIST: TListSpec<TSortField, TFilter> = {
  sortable: ["name", "email", "status", "created_at"],
  defaultSort: { field: "name", direction: "asc" },
  filters: {
    status: USER_STATUSES,
    role: FILTER_ROLES,
  },
};
export type TUserListState = TListState<TSortField, TFilter>;

/** The api's sort for a column: name is last name, then first name (ties by id in the api). */
export function userSortValue(sort: TSort<TSortField>): string {
  const fields = sort.field === "name" ? ["last_name", "first_name"] : [sort.field];
  return fields.map((f) => (sort.direction === "desc" ? `-${f}` : f)).join(",");
}

/**
 * The api query for a list state (docs/api-users.md): the search box searches first name,
 * last name and e-mail; the role filter is `with_any_role`, the role held anywhere.
 */
export function userListQuery(state: TUserListState): Query {
  const filter: Record<string, string> = {};
  if (state.q) filter.first_name_or_last_name_or_email_cont = state.q;
  if (state.filters.status) filter.status_eq = state.filters.status;
  if (state.filters.role) filter.with_any_role = state.filters.role;
  return {
    include: "organizations,roles",
    filter,
    sort: userSortValue(state.sort),
    page: { number: state.page, size: state.size },
  };
}
