import type { FastifyInstance } from "fastify";
import { organizations } from "../db/schema";
import { defineRoute } from "../http/define-route";
import { listDocument } from "../http/documents";
import { listQuery } from "../http/inputs";
import { organizationResource } from "../jsonapi/resources";
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
  defineRoute(app, {
    method: "GET",
    url: "/current_organizations",
    summary: "The organizations the signed-in user holds a role on, by name",
    auth: "signed_in",
    query: listQuery({
      resource: organizationResource,
      include: ["address", "profile"],
      sort: SORTABLE,
    }),
    action: "current_organizations.list",
    facts: ({ session }) => ({ userId: session.user.id }),
    response: { resource: organizationResource, many: true },
    handler: async ({ tx, tenant, session, query, request }) => {
      const found = await userOrganizations(tx, tenant.id, session.user.id, {
        orderBy: query.orderBy,
        limit: query.page.size,
        offset: query.page.offset,
      });
      const rows = await withOrganizationRelations(tx, tenant.id, found.rows);
      return listDocument(request, organizationResource, query, rows, found.records);
    },
  });
}
