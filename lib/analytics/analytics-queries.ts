import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "@/lib/api";
import { analyticsKeys } from "@/lib/api/query-keys";
import type { Query } from "@/lib/api/query-string";
import type { TAnalytics, TRangeSearch } from "./analytics-types";

/** The range as the api's filters; an unset day is left to the api's default. */
export function rangeQuery(range: TRangeSearch): Query {
  const query: Query = {};
  if (range.from) query["filter[from]"] = range.from;
  if (range.to) query["filter[to]"] = range.to;
  return query;
}

/** GET /api/v1/analytics/volunteer_centers/:id through the BFF. */
export function centreAnalyticsQuery(id: string, range: TRangeSearch, client: ApiClient = api) {
  const query = rangeQuery(range);
  return queryOptions({
    queryKey: analyticsKeys.centre(id, query),
    queryFn: async ({ signal }) =>
      (
        await client.get<TAnalytics>(
          `/api/v1/analytics/volunteer_centers/${encodeURIComponent(id)}`,
          { query, signal },
        )
      ).data,
    retry: false,
  });
}

/** GET /api/v1/analytics/volunteer_centers: the caller's centres side by side. */
export function comparisonQuery(range: TRangeSearch, client: ApiClient = api) {
  const query = rangeQuery(range);
  return queryOptions({
    queryKey: analyticsKeys.comparison(query),
    queryFn: async ({ signal }) =>
      (await client.get<TAnalytics[]>("/api/v1/analytics/volunteer_centers", { query, signal }))
        .data,
    retry: false,
  });
}
