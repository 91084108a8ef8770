/** What a Next.js 16 page receives as `searchParams` (a Promise). */
export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The first value of a query parameter that may repeat. */
export function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
