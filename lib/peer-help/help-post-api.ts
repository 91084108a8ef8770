import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "@/lib/api";
import { fetchPaged } from "@/lib/api/paged";
import type { Query } from "@/lib/api/query-string";
import type { THelpPostEvent } from "@/lib/contract/help-posts";
import type { THelpPost, THelpPostFilters } from "./help-post-types";

/** Peer help through the BFF (docs/peer-help.md): the board's list and its writes. */
export const helpPostKeys = {
  all: ["help_posts"] as const,
  list: (query: Query) => ["help_posts", "list", query] as const,
};

export const BOARD_PAGE_SIZE = 25;

export function boardQuery(filters: THelpPostFilters, page: number): Query {
  const filter: Record<string, string> = {};
  if (filters.kind) filter.kind_eq = filters.kind;
  if (filters.category) filter.category_eq = filters.category;
  if (filters.mine) filter.mine = "true";
  if (filters.moderation) filter.moderation = "true";
  if (filters.near) {
    filter.near = filters.near;
    filter.radius_km = String(filters.radiusKm);
  }
  return {
    filter,
    ...(filters.near ? { sort: "distance" } : {}),
    page: { number: page, size: BOARD_PAGE_SIZE },
  };
}

/** A map shows every matching post at once: the api's biggest page, in no distance order. */
export const MAP_PAGE_SIZE = 500;

export function mapQuery(filters: THelpPostFilters): Query {
  const { sort: _sort, ...query } = boardQuery(filters, 1);
  return { ...query, page: { number: 1, size: MAP_PAGE_SIZE } };
}

export function helpPostsQuery(query: Query, client: ApiClient = api) {
  return queryOptions({
    queryKey: helpPostKeys.list(query),
    queryFn: ({ signal }) => fetchPaged<THelpPost>(client, "/api/v1/help_posts", query, signal),
    placeholderData: keepPreviousData,
  });
}

export type THelpPostInput = {
  kind: THelpPost["kind"];
  category: THelpPost["category"];
  title: string;
  body: string;
  timing: string;
  place: string;
};

export async function createHelpPost(client: ApiClient, attributes: THelpPostInput) {
  const response = await client.post<THelpPost>("/api/v1/help_posts", {
    data: { type: "help_posts", attributes },
  });
  return response.data;
}

export async function transitionHelpPost(
  client: ApiClient,
  id: string,
  event: THelpPostEvent,
  reason?: string,
) {
  const response = await client.put<THelpPost>(
    `/api/v1/help_posts/${encodeURIComponent(id)}/transition`,
    { data: { type: "help_posts", id, attributes: { event, ...(reason ? { reason } : {}) } } },
  );
  return response.data;
}

/** Answers a post: the caller's thread with its poster, started or continued. */
export async function answerHelpPost(client: ApiClient, id: string, body: string) {
  const response = await client.post<{ id: string }>(
    `/api/v1/help_posts/${encodeURIComponent(id)}/conversations`,
    { data: { type: "conversations", attributes: { body } } },
  );
  return response.data;
}
