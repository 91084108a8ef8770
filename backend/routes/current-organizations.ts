import type { FastifyInstance } from "fastify";
import { authenticate } from "../auth/authenticate";
import { withTenant } from "../db/client";
import { organizations } from "../db/schema";
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
import { organizationResource } from "../jsonapi/resources";
import { serialize } from "../jsonapi/serializer";
import { loadActor } from "../policies/actor";
import { authorize } from "../policies/policy";
import { userOrganizations, withOrganizationRelations } from "../queries/organizations";

/**
 * GET /api/v1/current_organizations: the organizations the signed-in user holds a role
 * on (admin or member; docs/decisions.md), by name. Only ever the caller's own list, so
 * any signed-in user may call it; signed out gets devise's 401.
 */

const SORTABLE = {
  name: organizations.name,
  created_at: organizations.createdAt,
  updated_at: organizations.updatedAt,
};

export async function currentOrganizationsRoutes(app: FastifyInstance) {
  app.get("/current_organizations", { preHandler: authenticate }, async (request, reply) => {
    const user = request.user!;
    const tenantId = request.tenant.id;
    const query = request.query as TQuery;
    const include = parseInclude(query, organizationResource, ["address", "profile"]);
    const fields = parseFields(query);
    const orderBy = parseSort(query, SORTABLE);
    parseFilter(query, {});
    const page = parsePage(query);
    const { rows, records } = await withTenant(app.db, tenantId, async (tx) => {
      authorize(await loadActor(tx, tenantId, user), "current_organizations.list", {
        userId: user.id,
      });
      const found = await userOrganizations(tx, tenantId, user.id, {
        orderBy,
        limit: page.size,
        offset: page.offset,
      });
      return { ...found, rows: await withOrganizationRelations(tx, tenantId, found.rows) };
    });
    const { meta, links } = paginate(request, page, records);
    return sendDocument(
      reply,
      serialize(organizationResource, rows, { include, fields, meta, links }),
    );
  });
}
