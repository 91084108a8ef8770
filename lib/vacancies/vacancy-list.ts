import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { addDays, format, parseISO } from "date-fns";
import { type ApiClient, api } from "@/lib/api";
import { fetchPaged } from "@/lib/api/paged";
import type { Query } from "@/lib/api/query-string";
import { VACANCY_STATUSES } from "@/lib/contract/vacancies";
import { sortValue, type TListSpec, type TListState } from "@/lib/lists/list-state";
import { managedVacancyKeys } from "./managed-vacancy-keys";
import type { TManagedVacancy } from "./managed-vacancy-types";

/**
 * A vacancy as the back office lists it (GET /api/v1/managed_vacancies): the writers' view
 * with what the list always has, its applications and its last change.
 */
export type TListedVacancy = TManagedVacancy & {
  applicationsCount: number;
  openApplicationsCount: number;
  updatedAt: string;
};

/** What a selection remembers of a vacancy. */
export type TVacancyPick = Pick<
  TListedVacancy,
  "id" | "title" | "status" | "organizationId" | "volunteerCenterId" | "openApplicationsCount"
>;

/**
 * The deadline filter: closing within a week or a month (from today on), already past, or
 * none at all. Days counted in the site's time zone, as the api counts `closes_on`.
 */
export const DEADLINE_FILTERS = ["week", "month", "past", "none"] as const;
export type TDeadlineFilter = (typeof DEADLINE_FILTERS)[number];
const WITHIN_DAYS: Record<"week" | "month", number> = { week: 7, month: 30 };

type TSortField = "title" | "status" | "closes_on" | "updated_at";
type TFilterName = "status" | "deadline";

/** /vacancies and /vacancies/bulk-edit: what their URL may say (lib/lists/list-state.ts). */
export const VACANCY_LIST: TListSpec<TSortField, TFilterName> = {
  sortable: ["title", "status", "closes_on", "updated_at"],
  // The api's own order: the latest change first.
  defaultSort: { field: "updated_at", direction: "desc" },
  filters: { status: VACANCY_STATUSES, deadline: DEADLINE_FILTERS },
};
export type TVacancyListState = TListState<TSortField, TFilterName>;

const plusDays = (today: string, days: number) =>
  format(addDays(parseISO(today), days), "yyyy-MM-dd");

/** The api's filters for a list state (docs/vacancy-writes.md, "Reading what one manages"). */
export function vacancyListFilter(state: TVacancyListState, today: string): Record<string, string> {
  const filter: Record<string, string> = {};
  if (state.filters.status) filter.status_eq = state.filters.status;
  if (state.q) filter.title_i_cont = state.q;
  const deadline = state.filters.deadline as TDeadlineFilter | undefined;
  if (deadline === "week" || deadline === "month") {
    filter.closes_on_gteq = today;
    filter.closes_on_lteq = plusDays(today, WITHIN_DAYS[deadline]);
  } else if (deadline === "past") filter.closes_on_lt = today;
  else if (deadline === "none") filter.closes_on_null = "true";
  return filter;
}

/** The api query of one page of the list. */
export function vacancyListQuery(state: TVacancyListState, today: string): Query {
  return {
    filter: vacancyListFilter(state, today),
    sort: sortValue(state.sort),
    page: { number: state.page, size: state.size },
  };
}

const PATH = "/api/v1/managed_vacancies";

/** One page of the vacancies the caller manages; the previous page stays while the next loads. */
export function managedVacancyPageQuery(query: Query, client: ApiClient = api) {
  return queryOptions({
    queryKey: managedVacancyKeys.list(query),
    queryFn: ({ signal }) => fetchPaged<TListedVacancy>(client, PATH, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every vacancy matching the filters, up to `limit` (the bulk edit's "select all N matching"). */
export function matchingVacancyIdsQuery(
  filter: Record<string, string>,
  sort: string,
  limit: number,
  client: ApiClient = api,
) {
  // Only what the selection needs: the ids, and each one's title, organisation, centre (the
  // forms it may ask) and open applications (what closing it would close).
  const query: Query = {
    filter,
    sort,
    page: { number: 1, size: limit },
    fields: { vacancy: "title,status,organization_id,volunteer_center_id,open_applications_count" },
  };
  return queryOptions({
    queryKey: managedVacancyKeys.list(query),
    queryFn: ({ signal }) => fetchPaged<TVacancyPick>(client, PATH, query, signal),
  });
}
