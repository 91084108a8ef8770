import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "@/lib/api";
import { fetchPaged } from "@/lib/api/paged";
import type { Query } from "@/lib/api/query-string";
import { ACTIVITY_STATUSES, type TActivityStatusName } from "@/lib/contract/activities";
import { sortValue, type TListSpec, type TListState } from "@/lib/lists/list-state";

/**
 * The back office's list of activities (GET /api/v1/managed_activities,
 * docs/activity-overview.md): what the caller runs, in every status, with its places.
 */
export type TManagedActivity = {
  id: string;
  title: string;
  status: TActivityStatusName;
  startsAt: string;
  endsAt: string | null;
  allDay: boolean;
  capacity: number | null;
  registrationsCount: number;
  waitlistCount: number;
  deskId: number | null;
  updatedAt: string;
  desk?: { id: string; azcName: string; slug: string } | null;
};

/** Upcoming: starting from now on; past: started before now. */
export const PERIOD_FILTERS = ["upcoming", "past"] as const;
export type TPeriodFilter = (typeof PERIOD_FILTERS)[number];

type TSortField = "starts_at" | "title" | "updated_at";
type TFilterName = "status" | "period";

/** /activiteitenkalender/overzicht: what its URL may say (lib/lists/list-state.ts). */
export const ACTIVITY_OVERVIEW_LIST: TListSpec<TSortField, TFilterName> = {
  sortable: ["starts_at", "title", "updated_at"],
  // The api's own order: the first to come first.
  defaultSort: { field: "starts_at", direction: "asc" },
  filters: { status: ACTIVITY_STATUSES, period: PERIOD_FILTERS },
};
export type TActivityOverviewState = TListState<TSortField, TFilterName>;

/** The api query of one page; `now` splits upcoming from past (an ISO moment). */
export function activityOverviewQuery(state: TActivityOverviewState, now: string): Query {
  const filter: Record<string, string> = {};
  if (state.filters.status) filter.status_eq = state.filters.status;
  if (state.q) filter.title_i_cont = state.q;
  if (state.filters.period === "upcoming") filter.starts_at_gteq = now;
  else if (state.filters.period === "past") filter.starts_at_lt = now;
  return {
    filter,
    include: "desk",
    sort: sortValue(state.sort),
    page: { number: state.page, size: state.size },
  };
}

/**
 * Query keys of the back office's activities, so a change invalidates the list. Apart
 * from the public side's (activity-keys.ts): those pages read on the server.
 */
export const managedActivityKeys = {
  all: ["managed-activities"] as const,
  list: (query: Query) => [...managedActivityKeys.all, "list", query] as const,
};

const PATH = "/api/v1/managed_activities";

/** One page of the activities the caller runs; the previous page stays while the next loads. */
export function managedActivityPageQuery(query: Query, client: ApiClient = api) {
  return queryOptions({
    queryKey: managedActivityKeys.list(query),
    queryFn: ({ signal }) => fetchPaged<TManagedActivity>(client, PATH, query, signal),
    placeholderData: keepPreviousData,
  });
}

const path = (id: string) => `/api/v1/activities/${encodeURIComponent(id)}`;

/** PUT /api/v1/activities/:id/transition: publish a draft, cancel a published one. */
export async function transitionActivity(
  client: ApiClient,
  id: string,
  status: TActivityStatusName,
): Promise<TManagedActivity> {
  const response = await client.put<TManagedActivity>(`${path(id)}/transition`, {
    data: { type: "activities", id, attributes: { status } },
  });
  return response.data;
}

/** POST /api/v1/activities/:id/copy: a new draft, "Kopie van …". */
export async function copyActivity(client: ApiClient, id: string): Promise<TManagedActivity> {
  const response = await client.post<TManagedActivity>(`${path(id)}/copy`, undefined);
  return response.data;
}

/** DELETE /api/v1/activities/:id: a draft only (else 409). */
export async function deleteActivity(client: ApiClient, id: string): Promise<void> {
  await client.delete(path(id));
}

/** What the list offers per status (docs/activity-writes.md: cancelled is final). */
export function activityActions(status: TActivityStatusName) {
  return {
    publish: status === "draft",
    cancel: status === "published",
    copy: true,
    delete: status === "draft",
  };
}
