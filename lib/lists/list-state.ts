/**
 * The state of a back-office list page lives in its URL (required: "list tables that page,
 * sort and filter through the URL"), so a reload, a bookmark, the back button and a page
 * without JavaScript all show the same list. Pure helpers shared by the page, its links and
 * its api query:
 *
 *   ?q=…              the search box
 *   ?status=pending   one value per named filter (only values the page allows)
 *   ?sort=-created_at one field, '-' for descending (only fields the page allows)
 *   ?page[number]=2&page[size]=50
 */
import { parsePageNumber } from "@/lib/pagination/page-items";
import {
  PAGE_NUMBER_PARAM,
  PAGE_SIZE_PARAM,
  parsePageSize,
  type TPageSize,
} from "@/lib/pagination/page-size";

export type TSortDirection = "asc" | "desc";
export type TSort<F extends string = string> = { field: F; direction: TSortDirection };

export type TListSpec<S extends string, F extends string> = {
  sortable: readonly S[];
  defaultSort: TSort<S>;
  /** Each filter's allowed values; a value not listed reads as no filter. */
  filters: { readonly [K in F]: readonly string[] };
};

export type TListState<S extends string, F extends string> = {
  page: number;
  size: TPageSize;
  sort: TSort<S>;
  filters: Partial<Record<F, string>>;
  /** The search text, trimmed; '' for none. */
  q: string;
};

export const SEARCH_PARAM = "q";
export const SORT_PARAM = "sort";
/** Long enough for any name or address; a longer one is cut, not refused. */
export const SEARCH_MAX = 100;

type TSearch = URLSearchParams | { get(name: string): string | null };

export function parseSort<S extends string>(
  value: string | null,
  sortable: readonly S[],
  fallback: TSort<S>,
): TSort<S> {
  if (!value) return fallback;
  const direction: TSortDirection = value.startsWith("-") ? "desc" : "asc";
  const field = value.replace(/^-/, "") as S;
  return sortable.includes(field) ? { field, direction } : fallback;
}

export const sortValue = (sort: TSort) => `${sort.direction === "desc" ? "-" : ""}${sort.field}`;

export function parseListState<S extends string, F extends string>(
  search: TSearch,
  spec: TListSpec<S, F>,
): TListState<S, F> {
  const filters: Partial<Record<F, string>> = {};
  for (const name of Object.keys(spec.filters) as F[]) {
    const value = search.get(name);
    if (value !== null && spec.filters[name].includes(value)) filters[name] = value;
  }
  return {
    page: parsePageNumber(search.get(PAGE_NUMBER_PARAM)),
    size: parsePageSize(search.get(PAGE_SIZE_PARAM)),
    sort: parseSort(search.get(SORT_PARAM), spec.sortable, spec.defaultSort),
    filters,
    q: (search.get(SEARCH_PARAM) ?? "").trim().slice(0, SEARCH_MAX),
  };
}

/**
 * The href of the same list with some of its state changed. Changing the search, a filter
 * or the sort goes back to page 1: the page one was on may not exist in the new list.
 * `null` removes a parameter.
 */
export function listHref(
  pathname: string,
  current: URLSearchParams | string,
  change: { page?: number; sort?: TSort | null; q?: string | null } & Record<
    string,
    string | number | TSort | null | undefined
  >,
): string {
  const params = new URLSearchParams(current);
  let resetPage = false;
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined || key === "page") continue;
    resetPage = true;
    const name = key === "sort" ? SORT_PARAM : key === "q" ? SEARCH_PARAM : key;
    if (value === null || value === "") params.delete(name);
    else params.set(name, typeof value === "object" ? sortValue(value) : String(value));
  }
  if (change.page !== undefined) params.set(PAGE_NUMBER_PARAM, String(change.page));
  else if (resetPage) params.delete(PAGE_NUMBER_PARAM);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The sort a column header links to: its field ascending, or flipped when already sorted by it. */
export function nextSort<S extends string>(current: TSort<S>, field: S): TSort<S> {
  if (current.field !== field) return { field, direction: "asc" };
  return { field, direction: current.direction === "asc" ? "desc" : "asc" };
}
