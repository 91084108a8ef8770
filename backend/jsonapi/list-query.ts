import type { SQL } from "drizzle-orm";
import {
  parseFields,
  parseFilter,
  parseInclude,
  parsePage,
  parseSort,
  type TFilterAllowList,
  type TPage,
  type TPageLimits,
  type TQuery,
  type TSortAllowList,
} from "./params";
import type { TQueryValue } from "./query";
import type { TResource } from "./serializer";

export type TListQuery = {
  include: string[];
  fields: Record<string, string[]>;
  where: SQL | undefined;
  /** Filter keys the endpoint reads itself (allowed.extraFilters), blanks dropped. */
  extra: Record<string, TQueryValue>;
  orderBy: SQL[];
  page: TPage;
};

/**
 * The JSON:API parameters of a list endpoint in one go (api-contract §2): include, sparse
 * fields, ransack filters, sort and page, each checked against the endpoint's allow-lists,
 * so an unknown name is a 400 before any query runs.
 */
export function parseListQuery(
  query: TQuery,
  resource: TResource,
  allowed: {
    include?: readonly string[];
    filter?: TFilterAllowList;
    extraFilters?: readonly string[];
    sort?: TSortAllowList;
    page?: TPageLimits;
  },
): TListQuery {
  const filter = parseFilter(query, allowed.filter ?? {}, { extra: allowed.extraFilters ?? [] });
  return {
    include: parseInclude(query, resource, allowed.include ?? []),
    fields: parseFields(query),
    where: filter.where,
    extra: filter.extra,
    orderBy: parseSort(query, allowed.sort ?? {}),
    page: parsePage(query, allowed.page),
  };
}
