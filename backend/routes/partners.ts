import type { FastifyInstance } from "fastify";
import { withTenant } from "../db/client";
import { paginate } from "../jsonapi/pagination";
import {
  parseFields,
  parseFilter,
  parseInclude,
  parsePage,
  parseSort,
  type TQuery,
} from "../jsonapi/params";
import { sendDocument } from "../jsonapi/reply";
import { serialize, type TResource } from "../jsonapi/serializer";
import { authorize } from "../policies/policy";
import { listPartners } from "../queries/partners";
import { publicCenterIds } from "../queries/public-scope";
import { volunteerCenterResource } from "./volunteer-centers";

/**
 * GET /api/v1/partners (spec §2 /partners, docs/content-pages.md). Public (policy
 * partners.list), signed in or not: the funders, municipalities and allies of the
 * visitor's centres (public-scope.ts), by position; `include=volunteer_center` names the
 * centre each one partners with.
 */

export const partnerResource: TResource = {
  type: "partner",
  attributes: ["name", "description", "website", "logoUrl", "position"],
  relationships: {
    volunteer_center: { kind: "one", resource: () => volunteerCenterResource },
  },
};

const INCLUDES = ["volunteer_center"] as const;

export async function partnerRoutes(app: FastifyInstance) {
  app.get("/partners", async (request, reply) => {
    const tenantId = request.tenant.id;
    const query = request.query as TQuery;
    const include = parseInclude(query, partnerResource, INCLUDES);
    const fields = parseFields(query);
    parseFilter(query, {});
    parseSort(query, {});
    const page = parsePage(query, { defaultSize: 100, maxSize: 1000 });
    authorize(null, "partners.list", {});
    const { rows, records } = await withTenant(app.db, tenantId, async (tx) =>
      listPartners(tx, tenantId, {
        centerIds: await publicCenterIds(tx, request.tenant, request.volunteerCenterId),
        limit: page.size,
        offset: page.offset,
      }),
    );
    const { meta, links } = paginate(request, page, records);
    return sendDocument(reply, serialize(partnerResource, rows, { include, fields, meta, links }));
  });
}
