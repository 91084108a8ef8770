import type { FastifyInstance } from "fastify";
import { withTenant } from "../db/client";
import { parseListQuery } from "../jsonapi/list-query";
import { paginate } from "../jsonapi/pagination";
import type { TQuery } from "../jsonapi/params";
import { sendDocument } from "../jsonapi/reply";
import { serialize, type TResource } from "../jsonapi/serializer";
import { authorize } from "../policies/policy";
import { listTags } from "../queries/vacancies";

/**
 * GET /api/v1/tags (issue 5; docs/vacancies-search.md): the tenant's tag vocabulary by
 * name, for the vacancy search's filter form. Public (policy tags.list): tags are the
 * themes shown on every public vacancy. Only ever the X-Tenant's tags.
 */

export const tagResource: TResource = { type: "tag", attributes: ["name", "slug"] };

export async function tagRoutes(app: FastifyInstance) {
  app.get("/tags", async (request, reply) => {
    const tenantId = request.tenant.id;
    const { fields, page } = parseListQuery(request.query as TQuery, tagResource, {
      page: { defaultSize: 100, maxSize: 1000 },
    });
    authorize(null, "tags.list", {});
    const { rows, records } = await withTenant(app.db, tenantId, (tx) =>
      listTags(tx, tenantId, { limit: page.size, offset: page.offset }),
    );
    const { meta, links } = paginate(request, page, records);
    return sendDocument(reply, serialize(tagResource, rows, { fields, meta, links }));
  });
}
