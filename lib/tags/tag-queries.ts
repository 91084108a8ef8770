import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "@/lib/api";
import { fetchPaged } from "@/lib/api/paged";
import type { Query } from "@/lib/api/query-string";
import { tagKeys } from "./tag-keys";

/** backend/routes/tags.ts: the largest page the api gives. */
const TAGS_PAGE_SIZE = 1000;

export type TTag = {
  id: string;
  name: string;
  slug: string;
  /** The English name; null: English pages show `name`. */
  nameEn?: string | null;
  archived?: boolean;
};

/** A tag as the back office lists it: when it was archived and how much it is used. */
export type TManagedTag = TTag & {
  nameEn: string | null;
  archived: boolean;
  archivedAt: string | null;
  vacancyCount: number;
  organizationCount: number;
  interestCount: number;
};

/**
 * GET /api/v1/tags: the tenant's tags on offer by name (public; the vacancies' themes;
 * archived ones are left out). The profile form offers them all as interests, so it asks
 * for the api's largest page.
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

/** GET /api/v1/tags?filter[scope]=all: one page of every tag with its use (docs/tags.md). */
export function managedTagsQuery(query: Query, client: ApiClient = api) {
  return queryOptions({
    queryKey: tagKeys.managedPage(query),
    queryFn: ({ signal }) => fetchPaged<TManagedTag>(client, "/api/v1/tags", query, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every tag (archived ones too) by name, for the merge dialog's choice of target. */
export function allTagsQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: tagKeys.managedPage({ all: true }),
    queryFn: async ({ signal }) =>
      (
        await client.get<TManagedTag[]>("/api/v1/tags", {
          query: { filter: { scope: "all" }, page: { size: TAGS_PAGE_SIZE } },
          signal,
        })
      ).data,
  });
}
