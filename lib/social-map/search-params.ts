import type { Query } from "@/lib/api/query-string";
import { ORGANIZATION_TYPE_CHOICES, type TOrganizationType } from "@/lib/contract/organization";

/**
 * The social map's filters as they live in the page URL (a plain GET form:
 * `?q=voetbal&tags=sport&tags=jongeren&type=School&page=2`) and as the api reads them
 * (docs/social-map.md). Junk is dropped, never an error: a visitor's URL never 400s.
 */

/** The organisation types the map filters on, in the order the filter offers them. */
export const SOCIAL_MAP_TYPES = ORGANIZATION_TYPE_CHOICES;
export type TOrganizationTypeName = TOrganizationType;

export type TSocialMapSearch = {
  q: string;
  tags: string[];
  type: TOrganizationTypeName | null;
  page: number;
};

type TRawParams = Record<string, string | string[] | undefined>;

const all = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
const first = (value: string | string[] | undefined) => all(value)[0];

/** Page size of the list beside the map (the map itself asks for up to 1000). */
export const LIST_PAGE_SIZE = 30;
/** spec §9's page size 1000: every marker of a site in one answer. */
export const MAP_PAGE_SIZE = 1000;

export function parseSocialMapSearch(params: TRawParams): TSocialMapSearch {
  const q = (first(params.q) ?? "").trim().slice(0, 200);
  const tags = [
    ...new Set(
      all(params.tags)
        .flatMap((v) => v.split(","))
        .map((v) => v.trim())
        .filter((v) => /^[a-z0-9-]{1,60}$/.test(v)),
    ),
  ];
  const rawType = first(params.type);
  const type = SOCIAL_MAP_TYPES.find((t) => t === rawType) ?? null;
  const rawPage = Number(first(params.page));
  const page = Number.isInteger(rawPage) && rawPage >= 1 && rawPage <= 10_000 ? rawPage : 1;
  return { q, tags, type, page };
}

export const hasFilters = (search: TSocialMapSearch) =>
  search.q !== "" || search.tags.length > 0 || search.type !== null;

/** `filter[…]` for the api; keys as written (query-string keeps bracket keys). */
export function apiFilters(search: TSocialMapSearch): Query {
  return {
    ...(search.q ? { "filter[q]": search.q } : {}),
    ...(search.tags.length > 0 ? { "filter[tags]": search.tags.join(",") } : {}),
    ...(search.type ? { "filter[type]": search.type } : {}),
  };
}

/** The page's own URL for these filters and a page number (page 1 leaves `page` out). */
export function socialMapHref(search: TSocialMapSearch, page = search.page): string {
  const params = new URLSearchParams();
  if (search.q) params.set("q", search.q);
  for (const tag of search.tags) params.append("tags", tag);
  if (search.type) params.set("type", search.type);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/sociale-kaart?${query}` : "/sociale-kaart";
}
