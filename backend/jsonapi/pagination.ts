import type { TPage } from "./params";

/**
 * List meta and links exactly as jsonapi.rb's JSONAPI::Pagination emits them
 * (api-contract §2.4): `first`/`prev` only past page 1, `next`/`last` only before the
 * last page, `records` = the count before paging.
 */
export type TPaginationMeta = {
  current: number;
  first?: number;
  prev?: number;
  next?: number;
  last?: number;
  records: number;
};

export function paginationMeta(page: TPage, records: number): TPaginationMeta {
  const last = Math.max(1, Math.ceil(records / page.size));
  // Key order as jsonapi.rb builds the hash: current, first, prev, next, last, records.
  return {
    current: page.number,
    ...(page.number > 1 ? { first: 1, prev: page.number - 1 } : {}),
    ...(page.number < last ? { next: page.number + 1, last } : {}),
    records,
  };
}

/** What the links need of a request: Fastify's request satisfies it. */
export type TRequestUrl = { protocol: string; host: string; url: string };

// CGI.escape, used only to order keys the way Rails' to_query does (it sorts escaped pairs).
const cgiEscape = (s: string) => encodeURIComponent(s).replace(/%20/g, "+");

/**
 * The request URL with `page[number]` replaced. As jsonapi.rb does, the query is
 * rebuilt with keys sorted and then CGI-unescaped; `self` is the URL as it came.
 */
export function paginationLinks(request: TRequestUrl, meta: TPaginationMeta) {
  const base = `${request.protocol}://${request.host}`;
  const [path, search = ""] = request.url.split(/\?(.*)/s, 2);
  const pairs = [...new URLSearchParams(search)].filter(([key]) => key !== "page[number]");
  const links: Record<string, string> = { self: base + request.url };
  const targets = ["first", "prev", "next", "last"] as const;
  for (const name of targets) {
    const number = meta[name];
    if (number === undefined) continue;
    const query = [...pairs, ["page[number]", String(number)]]
      .map(([key, value]) => ({ key, value, order: cgiEscape(key) }))
      // A stable sort keeps repeated `x[]` values in the order they came.
      .sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0))
      .map(({ key, value }) => `${key}=${value}`)
      .join("&");
    links[name] = `${base}${path}?${query}`;
  }
  return links;
}

/** `meta.pagination` and `links` for one list response. */
export function paginate(request: TRequestUrl, page: TPage, records: number) {
  const pagination = paginationMeta(page, records);
  return { meta: { pagination }, links: paginationLinks(request, pagination) };
}
