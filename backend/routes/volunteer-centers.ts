import type { FastifyInstance } from "fastify";
import { withTenant } from "../db/client";
import { organizations } from "../db/schema";
import { parseListQuery } from "../jsonapi/list-query";
import { paginate } from "../jsonapi/pagination";
import type { TQuery } from "../jsonapi/params";
import { sendDocument } from "../jsonapi/reply";
import { serialize, type TResource } from "../jsonapi/serializer";
import { authorize } from "../policies/policy";
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
  app.get("/volunteer_centers", async (request, reply) => {
    const tenantId = request.tenant.id;
    const { fields, orderBy, page } = parseListQuery(
      request.query as TQuery,
      volunteerCenterResource,
      { sort: SORTABLE },
    );
    authorize(null, "volunteer_centers.list", {});
    const { rows, records } = await withTenant(app.db, tenantId, (tx) =>
      listVolunteerCenters(tx, tenantId, { orderBy, limit: page.size, offset: page.offset }),
    );
    const { meta, links } = paginate(request, page, records);
    return sendDocument(reply, serialize(volunteerCenterResource, rows, { fields, meta, links }));
  });
}
