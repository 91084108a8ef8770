/** Page sizes of the per-page selector (spec §2) and the JSON:API page parameters. */

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type TPageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: TPageSize = 25;

/** JSON:API pagination parameters (api-contract: page[number], page[size]). */
export const PAGE_SIZE_PARAM = "page[size]";
export const PAGE_NUMBER_PARAM = "page[number]";

/** The page size a query asks for, or the default when it names none of ours. */
export function parsePageSize(value: string | null | undefined): TPageSize {
  const size = Number(value);
  return PAGE_SIZES.find((allowed) => allowed === size) ?? DEFAULT_PAGE_SIZE;
}

/** The query for `size`: other parameters kept, back to page 1 (the old page may not exist). */
export function pageSizeQuery(current: URLSearchParams | string, size: TPageSize): string {
  const params = new URLSearchParams(current);
  params.set(PAGE_NUMBER_PARAM, "1");
  params.set(PAGE_SIZE_PARAM, String(size));
  return params.toString();
}
