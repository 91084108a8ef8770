import type { Query } from "@/lib/api/query-string";

/** Query keys of the tenant's tag vocabulary (STYLE.md: per-feature factory, never inline). */
export const tagKeys = {
  all: ["tags"] as const,
  /** GET /api/v1/tags: the tags on offer (not archived), by name. */
  list: () => [...tagKeys.all, "list"] as const,
  /** GET /api/v1/tags?filter[scope]=all: the back office's pages of every tag with its use. */
  managed: () => [...tagKeys.all, "managed"] as const,
  managedPage: (query: Query = {}) => [...tagKeys.managed(), query] as const,
};
