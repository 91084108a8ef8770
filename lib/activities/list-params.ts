import { isDay } from "./calendar";

export type TSearchParams = Record<string, string | string[] | undefined>;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * `?q=&from=&page=` of an activity list. `from` defaults to today (upcoming activities);
 * `fromGiven` tells whether the visitor chose it (then it stays in the URL).
 */
export function listParams(query: TSearchParams, today: string) {
  const q = (one(query.q) ?? "").trim().slice(0, 200);
  const rawFrom = one(query.from);
  const fromGiven = isDay(rawFrom);
  const page = Number.parseInt(one(query.page) ?? "1", 10);
  return {
    q,
    from: fromGiven ? (rawFrom as string) : today,
    fromGiven,
    page: Number.isFinite(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The URL of page `page` of the same list, filters kept. */
export function listHref(
  path: string,
  params: { q: string; from: string; fromGiven: boolean },
  page: number,
) {
  const search = new URLSearchParams();
  if (params.q) search.set("q", params.q);
  if (params.fromGiven) search.set("from", params.from);
  if (page > 1) search.set("page", String(page));
  const s = search.toString();
  return s ? `${path}?${s}` : path;
}
