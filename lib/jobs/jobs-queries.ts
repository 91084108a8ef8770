import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "@/lib/api";
import { fetchPaged } from "@/lib/api/paged";
import { jobKeys } from "@/lib/api/query-keys";
import type { Query } from "@/lib/api/query-string";
import type { TJob } from "./job-types";

/** GET /api/v1/jobs: one page, the previous one on screen while the next loads. */
export function jobsPageQuery(query: Query, client: ApiClient = api) {
  return queryOptions({
    queryKey: jobKeys.list(query),
    queryFn: ({ signal }) => fetchPaged<TJob>(client, "/api/v1/jobs", query, signal),
    placeholderData: keepPreviousData,
  });
}
