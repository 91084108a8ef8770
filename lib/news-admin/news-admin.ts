import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { type ApiClient, ApiError, api } from "@/lib/api";
import { fetchPaged } from "@/lib/api/paged";
import { newsAdminKeys, pageAdminKeys } from "@/lib/api/query-keys";
import type { Query } from "@/lib/api/query-string";
import { CONTENT_WRITE_LOCALES } from "@/lib/contract/content";
import { sortValue, type TListSpec, type TListState } from "@/lib/lists/list-state";
import type { TNewsArticleChanges } from "./news-form";

/**
 * The back office's news (docs/news-admin.md) on the api of docs/content-writes.md:
 * GET /api/v1/managed_news_articles, POST/PATCH/DELETE /api/v1/news_articles, and image
 * uploads through POST /api/v1/images.
 */

/**
 * News articles and content pages are written alike (docs/content-writes.md): the same
 * attributes, other calls and paths. A page has no centre.
 */
export type TContentKind = "news" | "page";

export const CONTENT_KINDS = {
  news: {
    listPath: "/api/v1/managed_news_articles",
    writePath: "/api/v1/news_articles",
    type: "news_articles",
    adminPath: "/nieuwsbeheer",
    keys: newsAdminKeys,
    publicPath: (slug: string) => `/nieuws/${slug}`,
  },
  page: {
    listPath: "/api/v1/managed_content_pages",
    writePath: "/api/v1/content_pages",
    type: "content_pages",
    adminPath: "/paginabeheer",
    keys: pageAdminKeys,
    publicPath: (slug: string) => `/${slug}`,
  },
} as const;

/** An article (or page) as the managed list and the writes answer it (camelCase). */
export type TManagedNewsArticle = {
  id: string;
  slug: string;
  locale: "nl" | "en" | string;
  title: string;
  summary: string | null;
  body: string | null;
  imageUrl: string | null;
  status: "draft" | "published" | string;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** News only. */
  volunteerCenterId?: number | string;
};

/** What the list shows: a published article dated in the future is scheduled. */
export type TNewsState = "draft" | "published" | "scheduled";
export const NEWS_STATES: readonly TNewsState[] = ["draft", "published", "scheduled"];

export function newsState(
  article: Pick<TManagedNewsArticle, "status" | "publishedAt">,
  now: Date = new Date(),
): TNewsState {
  if (article.status !== "published") return "draft";
  return article.publishedAt && new Date(article.publishedAt) > now ? "scheduled" : "published";
}

type TSortField = "title" | "published_at" | "updated_at";

/** /nieuwsbeheer: what its URL may say (lib/lists/list-state.ts). Latest change first. */
export const NEWS_LIST = {
  sortable: ["title", "published_at", "updated_at"],
  defaultSort: { field: "updated_at", direction: "desc" },
  filters: { status: NEWS_STATES, language: CONTENT_WRITE_LOCALES },
} satisfies TListSpec<TSortField, "status" | "language">;
export type TNewsListState = TListState<TSortField, "status" | "language">;

/**
 * The api query for a list state. The api knows draft and published; scheduled and
 * published apart are the published ones dated after and up to now.
 */
export function newsListQuery(state: TNewsListState, now: Date = new Date()): Query {
  const filter: Record<string, string> = {};
  const status = state.filters.status;
  if (status === "draft") filter.status_eq = "draft";
  if (status === "published") {
    filter.status_eq = "published";
    filter.published_at_lteq = now.toISOString();
  }
  if (status === "scheduled") {
    filter.status_eq = "published";
    filter.published_at_gt = now.toISOString();
  }
  if (state.filters.language) filter.locale_eq = state.filters.language;
  if (state.q) filter.title_i_cont = state.q;
  return { filter, sort: sortValue(state.sort), page: { number: state.page, size: state.size } };
}

const itemPath = (kind: TContentKind, id: string) =>
  `${CONTENT_KINDS[kind].writePath}/${encodeURIComponent(id)}`;

/** One page of the list, the previous one on screen while the next loads. */
export function managedNewsQuery(
  query: Query,
  kind: TContentKind = "news",
  client: ApiClient = api,
) {
  const { keys, listPath } = CONTENT_KINDS[kind];
  return queryOptions({
    queryKey: keys.list(query),
    queryFn: ({ signal }) => fetchPaged<TManagedNewsArticle>(client, listPath, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** One article for the edit form; an id the caller does not manage is a 404. */
export function managedNewsArticleQuery(
  id: string,
  kind: TContentKind = "news",
  client: ApiClient = api,
) {
  const { keys, listPath } = CONTENT_KINDS[kind];
  return queryOptions({
    queryKey: keys.detail(id),
    queryFn: async ({ signal }) => {
      const response = await client.get<TManagedNewsArticle[]>(listPath, {
        query: { filter: { id_eq: id } },
        signal,
      });
      const article = response.data[0];
      if (!article) throw new ApiError({ statusCode: 404, statusMessage: "Not Found" });
      return article;
    },
  });
}

export async function createNewsArticle(
  client: ApiClient,
  attributes: TNewsArticleChanges,
  kind: TContentKind = "news",
): Promise<TManagedNewsArticle> {
  const { writePath, type } = CONTENT_KINDS[kind];
  const response = await client.post<TManagedNewsArticle>(writePath, {
    data: { type, attributes },
  });
  return response.data;
}

export async function updateNewsArticle(
  client: ApiClient,
  id: string,
  attributes: TNewsArticleChanges,
  kind: TContentKind = "news",
): Promise<TManagedNewsArticle> {
  const response = await client.patch<TManagedNewsArticle>(itemPath(kind, id), {
    data: { type: CONTENT_KINDS[kind].type, id, attributes },
  });
  return response.data;
}

export async function deleteNewsArticle(
  client: ApiClient,
  id: string,
  kind: TContentKind = "news",
): Promise<void> {
  await client.delete(itemPath(kind, id));
}

/** An uploaded image as POST /api/v1/images answers it. */
export type TUploadedImage = {
  id: string;
  url: string;
  contentType: string;
  byteSize: number;
  width: number;
  height: number;
};

/** Sends the file's bytes as the body (the api reads no multipart); the api decides by them. */
export async function uploadImage(client: ApiClient, file: Blob): Promise<TUploadedImage> {
  const response = await client.post<TUploadedImage>("/api/v1/images", file, {
    headers: { "Content-Type": file.type || "application/octet-stream" },
  });
  return response.data;
}
