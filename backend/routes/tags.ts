import type { FastifyInstance } from "fastify";
import { defineRoute } from "../http/define-route";
import { listDocument } from "../http/documents";
import { listQuery } from "../http/inputs";
import type { TResource } from "../jsonapi/serializer";
import { listTags } from "../queries/vacancies";

/**
 * GET /api/v1/tags (docs/vacancies-search.md): the tenant's tag vocabulary by name, for the
 * vacancy search's filter form. Public (policy tags.list): tags are the themes shown on
 * every public vacancy. Only ever the X-Tenant's tags.
 */

export const tagResource: TResource = { type: "tag", attributes: ["name", "slug"] };

export async function tagRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: "GET",
    url: "/tags",
    summary: "The tenant's tags by name",
    auth: "public",
    query: listQuery({ resource: tagResource, page: { defaultSize: 100, maxSize: 1000 } }),
    action: "tags.list",
    facts: () => ({}),
    response: { resource: tagResource, many: true },
    handler: async ({ tx, tenant, query, request }) => {
      const { rows, records } = await listTags(tx, tenant.id, {
        limit: query.page.size,
        offset: query.page.offset,
      });
      return listDocument(request, tagResource, query, rows, records);
    },
  });
}
