import type { Query } from "@/lib/api/query-string";
import {
  APPLICATION_SCOPES,
  APPLICATION_SORTS,
  APPLICATION_STATUSES,
  type TApplicationScope,
} from "@/lib/contract/applications";
import { sortValue, type TListSpec, type TListState } from "@/lib/lists/list-state";

type TSortField = (typeof APPLICATION_SORTS)[number];
type TFilter = "status" | "waiting" | "scope";

/** The value of `?waiting=` that asks for applications without a reply yet. */
export const WAITING = "true";

/**
 * /applications: what its URL may say (lib/lists/list-state.ts). `scope` picks the tab
 * (own or managed), `status` and `waiting` filter, `q` searches, `sort` orders (newest
 * first by default). `vacancy` (an id) narrows managed applications to one vacancy; its
 * values cannot be listed, so it is read apart (vacancyParam).
 */
export const APPLICATIONS_LIST: TListSpec<TSortField, TFilter> = {
  sortable: APPLICATION_SORTS,
  defaultSort: { field: "created_at", direction: "desc" },
  filters: { status: APPLICATION_STATUSES, waiting: [WAITING], scope: APPLICATION_SCOPES },
};
export type TApplicationsListState = TListState<TSortField, TFilter>;

export const VACANCY_PARAM = "vacancy";

/** `?vacancy=` when it is an id, else undefined (no filter, never an error). */
export function vacancyParam(search: { get(name: string): string | null }): string | undefined {
  const value = search.get(VACANCY_PARAM);
  return value && /^\d{1,10}$/.test(value) ? value : undefined;
}

/**
 * The tab shown: the URL's, else staff see the applications they manage and everyone else
 * their own. Only staff have two tabs, so a volunteer's `?scope=managed` still reads as own.
 */
export function effectiveScope(state: TApplicationsListState, staff: boolean): TApplicationScope {
  if (!staff) return "own";
  return (state.filters.scope as TApplicationScope | undefined) ?? "managed";
}

/** The api query for a list state (GET /api/v1/applications). */
export function applicationsListQuery(
  state: TApplicationsListState,
  scope: TApplicationScope,
  vacancyId: string | undefined,
): Query {
  const filter: Record<string, string> = { scope };
  if (state.filters.status) filter.status_eq = state.filters.status;
  if (state.filters.waiting === WAITING) filter.waiting = WAITING;
  if (scope === "managed" && vacancyId) filter.vacancy_id_eq = vacancyId;
  if (state.q) filter.q = state.q;
  return {
    filter,
    sort: sortValue(state.sort),
    page: { number: state.page, size: state.size },
    include: scope === "managed" ? "vacancy,user" : "vacancy",
  };
}

/** The applicant's name as the organisation sees it; the e-mail address when they gave none. */
export function applicantName(
  user:
    | { firstName?: string | null; lastName?: string | null; email?: string | null }
    | null
    | undefined,
): string {
  if (!user) return "";
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return name || user.email || "";
}

/**
 * Whether the user can have applications to manage: any role beyond volunteering
 * (superadmin, an organisation's admin or member, a desk manager). They get both tabs; the
 * api decides what "managed" holds for them.
 */
export function managesApplications(roles: readonly { name: string }[]): boolean {
  return roles.some((role) => role.name !== "volunteer");
}
