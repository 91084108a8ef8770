/** Query keys of the tenant's tag vocabulary (STYLE.md: per-feature factory, never inline). */
export const tagKeys = {
  all: ["tags"] as const,
  /** GET /api/v1/tags: every tag of the tenant, by name. */
  list: () => [...tagKeys.all, "list"] as const,
};
