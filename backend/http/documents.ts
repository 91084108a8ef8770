import type { FastifyRequest } from "fastify";
import { paginate } from "../jsonapi/pagination";
import type { TPage } from "../jsonapi/params";
import { serialize, type TDocument, type TResource } from "../jsonapi/serializer";
import type { TParsedList } from "./inputs";

type TRow = Parameters<typeof serialize>[1] & readonly unknown[];

/**
 * One page of a list as jsonapi.rb answers it: the rows with the asked include and sparse
 * fields, `meta.pagination` and `links` (api-contract §2.4), plus any meta of the route's.
 */
export function listDocument(
  request: FastifyRequest,
  resource: TResource,
  query: Pick<TParsedList, "include" | "fields"> & { page: TPage },
  rows: readonly unknown[],
  records: number,
  meta: Record<string, unknown> = {},
): TDocument {
  const paging = paginate(request, query.page, records);
  return serialize(resource, rows as TRow, {
    include: query.include,
    fields: query.fields,
    meta: { ...paging.meta, ...meta },
    links: paging.links,
  });
}
