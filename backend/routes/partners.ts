import type { FastifyInstance } from "fastify";
import { defineRoute } from "../http/define-route";
import { listDocument } from "../http/documents";
import { listQuery } from "../http/inputs";
import type { TResource } from "../jsonapi/serializer";
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
  defineRoute(app, {
    method: "GET",
    url: "/partners",
    summary: "The partners of the site's volunteer centres, by position",
    auth: "public",
    query: listQuery({
      resource: partnerResource,
      include: INCLUDES,
      page: { defaultSize: 100, maxSize: 1000 },
    }),
    action: "partners.list",
    facts: () => ({}),
    response: { resource: partnerResource, many: true },
    handler: async ({ tx, tenant, volunteerCenterId, query, request }) => {
      const { rows, records } = await listPartners(tx, tenant.id, {
        centerIds: await publicCenterIds(tx, tenant, volunteerCenterId),
        limit: query.page.size,
        offset: query.page.offset,
      });
      return listDocument(request, partnerResource, query, rows, records);
    },
  });
}
