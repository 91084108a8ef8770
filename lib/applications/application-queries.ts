import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "@/lib/api";
import { fetchPaged } from "@/lib/api/paged";
import type { Query } from "@/lib/api/query-string";
import { APPLICATION_DETAIL_INCLUDE } from "./application-api";
import { applicationKeys } from "./application-keys";
import type { TApplication } from "./application-types";

/** GET /api/v1/applications: one page, the previous one on screen while the next loads. */
export function applicationsPageQuery(query: Query, client: ApiClient = api) {
  return queryOptions({
    queryKey: applicationKeys.list(query),
    queryFn: ({ signal }) =>
      fetchPaged<TApplication>(client, "/api/v1/applications", query, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/applications/:id with what the detail page shows; 404 when not the caller's to see. */
export function applicationQuery(id: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: applicationKeys.detail(id),
    queryFn: async ({ signal }) =>
      (
        await client.get<TApplication>(`/api/v1/applications/${encodeURIComponent(id)}`, {
          query: { include: APPLICATION_DETAIL_INCLUDE },
          signal,
        })
      ).data,
  });
}

/**
 * The caller's newest application to one vacancy, or null when they have none: the apply
 * island shows it instead of the button while it is open.
 */
export function ownApplicationForVacancyQuery(vacancyId: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: applicationKeys.forVacancy(vacancyId),
    queryFn: async ({ signal }) => {
      const response = await client.get<TApplication[]>("/api/v1/applications", {
        query: {
          filter: { scope: "own", vacancy_id_eq: vacancyId },
          sort: "-created_at",
          page: { size: 1 },
        },
        signal,
      });
      return response.data[0] ?? null;
    },
  });
}
