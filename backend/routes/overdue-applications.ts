import { and, asc, eq, isNotNull, type SQL } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { applications } from "../db/schema";
import { notFound } from "../errors";
import { defineRoute } from "../http/define-route";
import { listDocument } from "../http/documents";
import { listQuery, pathParams, ZPathId } from "../http/inputs";
import { listApplications, waitingCondition } from "../queries/applications";
import { findCenter } from "../queries/site-settings";
import { applicationResource, present } from "./applications";

/**
 * GET /api/v1/volunteer_centers/:id/overdue_applications (docs/reply-times.md): the
 * centre's applications still waiting for the organisation's first reply past the
 * centre's escalation days, i.e. those its admins were told of (`escalated_at`), oldest
 * first. The centre's dashboard lists them. The centre's admins and superadmins (policy
 * applications.list_overdue); an id that is no centre of the tenant: 404.
 */

const INCLUDABLE = ["vacancy", "organization", "user"];

const overdueQuery = listQuery({
  resource: applicationResource,
  include: INCLUDABLE,
  sort: { created_at: applications.createdAt },
  defaultOrder: [asc(applications.createdAt), asc(applications.id)],
  tieBreaker: applications.id,
  page: { defaultSize: 25, maxSize: 100 },
});

export async function overdueApplicationRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: "GET",
    url: "/volunteer_centers/:id/overdue_applications",
    summary: "A centre's applications still unanswered past its escalation days",
    auth: "signed_in",
    params: pathParams(z.object({ id: ZPathId })),
    query: overdueQuery,
    load: async ({ tx, tenant, params }) => {
      const center = await findCenter(tx, tenant.id, params.id);
      if (!center) throw notFound();
      return center;
    },
    action: "applications.list_overdue",
    facts: ({ params }) => ({ volunteerCenterId: params.id }),
    response: { resource: applicationResource, many: true },
    handler: async ({ tx, tenant, actor, params, query, request }) => {
      const where: SQL[] = [
        and(
          eq(applications.volunteerCenterId, params.id),
          waitingCondition,
          isNotNull(applications.escalatedAt),
        ) as SQL,
      ];
      const { rows, records } = await listApplications(tx, tenant.id, {
        where,
        orderBy: query.orderBy,
        limit: query.page.size,
        offset: query.page.offset,
      });
      const data = await present(tx, tenant.id, actor, rows, query.include);
      return listDocument(request, applicationResource, query, data, records);
    },
  });
}
