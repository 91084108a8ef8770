import type { THoursBucket } from "./types";

/**
 * The vacancy search's URL (/vacancies/search?q=…&near=…): read leniently, so a tampered
 * or stale link still renders a page (unknown values are dropped, never sent to the api as
 * a 400), and written back for the form, the pagination and the canonical URL.
 */
export const HOURS_BUCKETS: readonly THoursBucket[] = ["0-4", "4-8", "8-16", "16+"];
export const DISTANCES = [5, 10, 25, 50, 100] as const;
export const DEFAULT_DISTANCE = 10;
export const SORTS = ["relevance", "distance", "-published_at"] as const;
export type TSort = (typeof SORTS)[number];
export const PAGE_SIZE = 20;

export type TSearchState = {
  q: string;
  near: string;
  distance: number;
  hours: THoursBucket[];
  tags: string[];
  organization: string;
  /** The sort asked for; "" = the api's default (relevance with words, else newest). */
  sort: TSort | "";
  page: number;
};

type TRaw = Record<string, string | string[] | undefined>;

const all = (value: string | string[] | undefined): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value])
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter((v) => v !== "");
const first = (value: string | string[] | undefined) => all(value)[0] ?? "";

export function parseSearchState(raw: TRaw): TSearchState {
  const q = first(raw.q).slice(0, 200);
  const near = first(raw.near).slice(0, 100);
  const asked = Number(first(raw.distance));
  const distance = (DISTANCES as readonly number[]).includes(asked) ? asked : DEFAULT_DISTANCE;
  const hours = HOURS_BUCKETS.filter((b) => all(raw.hours).includes(b));
  const tags = [...new Set(all(raw.tags).filter((t) => /^[a-z0-9-]{1,80}$/.test(t)))];
  const organization = /^\d{1,10}$/.test(first(raw.organization)) ? first(raw.organization) : "";
  const sortRaw = first(raw.sort);
  let sort: TSearchState["sort"] = (SORTS as readonly string[]).includes(sortRaw)
    ? (sortRaw as TSort)
    : "";
  if (sort === "relevance" && !q) sort = "";
  if (sort === "distance" && !near) sort = "";
  const pageNumber = Number(first(raw.page));
  const page =
    Number.isInteger(pageNumber) && pageNumber >= 1 && pageNumber <= 10_000 ? pageNumber : 1;
  return { q, near, distance, hours, tags, organization, sort, page };
}

/** Any filter set (a filtered search is not indexed: lib/seo/public-metadata.ts noIndex). */
export function isFiltered(state: TSearchState): boolean {
  return Boolean(
    state.q ||
      state.near ||
      state.hours.length ||
      state.tags.length ||
      state.organization ||
      state.sort,
  );
}

/** The api query of a search (GET /api/v1/vacancies), keys as jsonapi.rb reads them. */
export function apiQuery(state: TSearchState, options: { withNear?: boolean } = {}) {
  const withNear = options.withNear ?? true;
  const filter: Record<string, string> = {};
  if (state.q) filter["filter[q]"] = state.q;
  if (state.near && withNear) {
    filter["filter[near]"] = state.near;
    filter["filter[distance]"] = String(state.distance);
  }
  if (state.hours.length) filter["filter[hours]"] = state.hours.join(",");
  if (state.tags.length) filter["filter[tags]"] = state.tags.join(",");
  if (state.organization) filter["filter[organization_id]"] = state.organization;
  const sort = state.sort === "distance" && !withNear ? "" : state.sort;
  return {
    ...filter,
    ...(sort ? { sort } : {}),
    include: "organization,tags",
    "page[number]": String(state.page),
    "page[size]": String(PAGE_SIZE),
  };
}

/** The page's URL for a state; `page` 1 and defaults are left out. */
export function searchHref(state: TSearchState, changes: Partial<TSearchState> = {}): string {
  const next = { ...state, ...changes };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.near) {
    params.set("near", next.near);
    if (next.distance !== DEFAULT_DISTANCE) params.set("distance", String(next.distance));
  }
  for (const bucket of next.hours) params.append("hours", bucket);
  for (const tag of next.tags) params.append("tags", tag);
  if (next.organization) params.set("organization", next.organization);
  if (next.sort) params.set("sort", next.sort);
  if (next.page > 1) params.set("page", String(next.page));
  const query = params.toString();
  return `/vacancies/search${query ? `?${query}` : ""}`;
}
