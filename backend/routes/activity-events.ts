import { desc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { ACTIVITY_ACTIONS, activityEvents } from "../db/schema";
import { defineRoute } from "../http/define-route";
import { listDocument } from "../http/documents";
import { listQuery } from "../http/inputs";
import type { TResource } from "../jsonapi/serializer";
import { listActivityEvents } from "../queries/activity-events";

/**
 * GET /api/v1/activity_events: the signed-in user's own account activity (spec §2, the
 * toolbar's activity panel; docs/api-activity.md): sign-ins, sign-outs, password changes
 * and resets, confirmation, lockout and unlock. Any signed-in user, their own events only
 * (policy activity_events.list); signed out gets devise's 401, and
 * token rotation as on every authenticated route. Only the caller's rows in the X-Tenant
 * are ever read, so there is nothing of anyone else's to find.
 *
 * Newest first; `sort=created_at` or `-created_at`; `filter[action_eq]` and nothing else;
 * `page[size]` 10 by default, at most 100: a panel shows a handful, and an unbounded
 * history is not what it is for. No relationships, so any include is a 400.
 */

export const activityEventResource: TResource = {
  type: "activity_event",
  attributes: ["action", "client", "createdAt", "bySelf"],
};

const SORTABLE = { created_at: activityEvents.createdAt };
// `action_eq` only: the predicate is fixed, the value one of the actions.
const FILTERABLE = { action: activityEvents.action };
const PAGE = { defaultSize: 10, maxSize: 100 };

export async function activityEventRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: "GET",
    url: "/activity_events",
    summary: "The signed-in user's own account activity, newest first",
    auth: "signed_in",
    // Only `filter[action_eq]`, with one of the actions: any other key or predicate, or an
    // action that does not exist, is a 400 naming it (a typo would otherwise list nothing).
    query: listQuery({
      resource: activityEventResource,
      filter: FILTERABLE,
      onlyFilters: ["action_eq"],
      filterEnums: { action: ACTIVITY_ACTIONS },
      sort: SORTABLE,
      page: PAGE,
      defaultOrder: [desc(activityEvents.createdAt), desc(activityEvents.id)],
      tieBreaker: activityEvents.id,
    }),
    action: "activity_events.list",
    facts: ({ session }) => ({ userId: session.user.id }),
    response: { resource: activityEventResource, many: true },
    handler: async ({ tx, tenant, session, query, request }) => {
      const { rows, records } = await listActivityEvents(tx, tenant.id, session.user.id, {
        where: query.where,
        orderBy: query.orderBy,
        limit: query.page.size,
        offset: query.page.offset,
      });
      return listDocument(request, activityEventResource, query, rows, records);
    },
  });
}
