import { type AnyColumn, asc, desc, type SQL, type SQLWrapper } from "drizzle-orm";
import { badRequest } from "../errors";
import { bracketGroup, commaList, stringParam, type TQuery } from "./query";
import { includeTree, type TResource } from "./serializer";

export { parseFilter, type TFilterAllowList, type TFilterResult } from "./filters";
export type { TQuery } from "./query";

/**
 * `include=roles,organizations.address`. Every name must be a relationship of the
 * resource (api-contract decision: unknown → 400 naming it) and a path this endpoint
 * loads (`allowed`; a listed `a.b` also allows `a`).
 */
export function parseInclude(query: TQuery, resource: TResource, allowed: readonly string[]) {
  const paths = [...new Set(commaList(stringParam(query, "include")))];
  for (const path of paths) {
    includeTree(resource, [path]);
    const ok = allowed.some((a) => a === path || a.startsWith(`${path}.`));
    if (!ok) throw badRequest(`${path} cannot be included on this endpoint`, "include");
  }
  return paths;
}

/** `fields[user]=email,first_name` → { user: ["email", "first_name"] }. */
export function parseFields(query: TQuery): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [type, value] of Object.entries(bracketGroup(query, "fields"))) {
    out[type] = commaList(Array.isArray(value) ? value.join(",") : value);
  }
  return out;
}

export type TSortAllowList = Record<string, AnyColumn | SQLWrapper>;

/**
 * `sort=-created_at,name`: a leading '-' sorts descending. Only allow-listed fields
 * (snake_case); another is a 400 naming it (our decision; jsonapi.rb drops it silently).
 */
export function parseSort(query: TQuery, allow: TSortAllowList): SQL[] {
  return commaList(stringParam(query, "sort")).map((item) => {
    const descending = item.startsWith("-");
    const name = descending ? item.slice(1) : item;
    const column = Object.hasOwn(allow, name) ? allow[name] : undefined;
    if (!column) throw badRequest(`${name} is not a sortable field`, "sort");
    return descending ? desc(column) : asc(column);
  });
}

// api-contract §2.4 and our decision: default 30, maximum 1000 (spec §9 asks 1000).
export const DEFAULT_PAGE_SIZE = 30;
export const MAX_PAGE_SIZE = 1000;
// Keeps the offset a safe integer however large a page number is asked.
const MAX_PAGE_NUMBER = 1_000_000_000;

export type TPage = { number: number; size: number; offset: number };

/** Ruby's `to_f.to_i`: the leading number, truncated; anything unreadable is 0. */
function rubyInt(value: unknown): number {
  const n = typeof value === "string" ? Number.parseFloat(value) : Number.NaN;
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

/** An endpoint's own page sizes, where the api-wide 30/1000 do not fit. */
export type TPageLimits = { defaultSize?: number; maxSize?: number };

/**
 * The query parameters a list understands (docs/api-hardening.md): the JSON:API families
 * and devise_token_auth's credentials and `unbatch` (api-contract §1.1), which the auth
 * layer reads from the query as Rails does. Anything else is a 400 naming it, as an
 * unknown filter or sort is: a misspelt parameter must not silently list everything.
 */
const LIST_PARAMS = new Set(["include", "sort", "access-token", "client", "uid", "unbatch"]);
const FAMILIES: Record<string, ((key: string) => boolean) | null> = {
  filter: null,
  fields: null,
  page: (key) => key === "number" || key === "size",
};

export function assertListParams(query: TQuery) {
  for (const name of Object.keys(query)) {
    if (LIST_PARAMS.has(name)) continue;
    const match = /^([a-z]+)\[([^[\]]*)\](\[\])?$/.exec(name);
    const rule = match && Object.hasOwn(FAMILIES, match[1]) ? FAMILIES[match[1]] : undefined;
    if (match && rule !== undefined && match[2] !== "" && (rule === null || rule(match[2]))) {
      continue;
    }
    throw badRequest(`${name} is not a parameter of this endpoint`, name);
  }
}

/**
 * `page[number]` ≥ 1 (default 1), `page[size]` 1…1000 (default 30); junk → defaults.
 * Every list reads its page here, so this is also where a list's unknown parameters are
 * refused (assertListParams).
 */
export function parsePage(query: TQuery, limits: TPageLimits = {}): TPage {
  assertListParams(query);
  const { defaultSize = DEFAULT_PAGE_SIZE, maxSize = MAX_PAGE_SIZE } = limits;
  const page = bracketGroup(query, "page");
  // A repeated key counts once, the last one winning as in Rails.
  const one = (v: unknown) => (Array.isArray(v) ? v[v.length - 1] : v);
  const askedSize = rubyInt(one(page.size));
  const size = askedSize < 1 ? defaultSize : Math.min(askedSize, maxSize);
  const number = Math.min(Math.max(1, rubyInt(one(page.number))), MAX_PAGE_NUMBER);
  return { number, size, offset: (number - 1) * size };
}
