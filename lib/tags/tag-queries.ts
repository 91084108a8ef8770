import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "@/lib/api";
import { tagKeys } from "./tag-keys";

/** backend/routes/tags.ts: the largest page the api gives. */
const TAGS_PAGE_SIZE = 1000;

export type TTag = { id: string; name: string; slug: string };

/**
 * GET /api/v1/tags: the tenant's vocabulary by name (public; the vacancies' themes). The
 * profile form offers them all as interests, so it asks for the api's largest page.
 */
export function tagsQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: tagKeys.list(),
    queryFn: async ({ signal }) =>
      (
        await client.get<TTag[]>("/api/v1/tags", {
          query: { page: { size: TAGS_PAGE_SIZE } },
          signal,
        })
      ).data,
    // The vocabulary changes rarely; a visit to the form need not load it twice.
    staleTime: 5 * 60_000,
  });
}
