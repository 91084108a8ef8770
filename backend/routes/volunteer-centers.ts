import type { FastifyInstance } from "fastify";
import { organizations } from "../db/schema";
import { defineRoute } from "../http/define-route";
import { listDocument } from "../http/documents";
import { listQuery } from "../http/inputs";
import type { TResource } from "../jsonapi/serializer";
import { listVolunteerCenters } from "../queries/volunteer-centers";

/**
 * GET /api/v1/volunteer_centers: the tenant's approved volunteer centres, id and name only
 * (docs/organization-forms-and-settings.md). Public (policy volunteer_centers.list): the
 * centres of a collaboration are on its public partners page (spec §2 /partners), and the
 * back office's move page needs the centres an organization may go to, which the
 * organization list (only what the caller may edit) does not hold. Only ever the
 * X-Tenant's centres; pending, denied and archived ones are nobody's business.
 */

export const volunteerCenterResource: TResource = {
  type: "volunteer_center",
  attributes: ["name"],
};

const SORTABLE = { name: organizations.name, created_at: organizations.createdAt };

export async function volunteerCenterRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: "GET",
    url: "/volunteer_centers",
    summary: "The tenant's approved volunteer centres",
    auth: "public",
    query: listQuery({ resource: volunteerCenterResource, sort: SORTABLE }),
    action: "volunteer_centers.list",
    facts: () => ({}),
    response: { resource: volunteerCenterResource, many: true },
    handler: async ({ tx, tenant, query, request }) => {
      const { rows, records } = await listVolunteerCenters(tx, tenant.id, {
        orderBy: query.orderBy,
        limit: query.page.size,
        offset: query.page.offset,
      });
      return listDocument(request, volunteerCenterResource, query, rows, records);
    },
  });
}
