import { asc, desc, type SQL } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { authenticate } from "../auth/authenticate";
import { withTenant } from "../db/client";
import { ACTIVITY_ACTIONS, activityEvents } from "../db/schema";
import { badRequest } from "../errors";
import { parseListQuery } from "../jsonapi/list-query";
import { paginate } from "../jsonapi/pagination";
import type { TQuery } from "../jsonapi/params";
import { bracketGroup, commaList, stringParam } from "../jsonapi/query";
import { sendDocument } from "../jsonapi/reply";
import { serialize, type TResource } from "../jsonapi/serializer";
import { loadActor } from "../policies/actor";
import { authorize } from "../policies/policy";
import { listActivityEvents } from "../queries/activity-events";

/**
 * GET /api/v1/activity_events: the signed-in user's own account activity (spec §2, the
 * toolbar's activity panel; docs/api-activity.md): sign-ins, sign-outs, password changes
 * and resets, confirmation, lockout and unlock. Any signed-in user, their own events only
 * (policy activity_events.list); signed out gets devise's 401 from `authenticate`, and
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
const FILTERABLE = { action: activityEvents.action };
const PAGE = { defaultSize: 10, maxSize: 100 };

/** Ties on created_at go by id in the same direction, so pages never overlap or skip. */
function orderOf(query: TQuery, requested: SQL[]): SQL[] {
  if (requested.length === 0) return [desc(activityEvents.createdAt), desc(activityEvents.id)];
  const last = commaList(stringParam(query, "sort")).at(-1) ?? "";
  return [...requested, last.startsWith("-") ? desc(activityEvents.id) : asc(activityEvents.id)];
}

/**
 * Only `filter[action_eq]`, with one of the actions: any other key or predicate, or an
 * action that does not exist, is a 400 naming it (a typo would otherwise list nothing).
 */
function checkFilters(query: TQuery) {
  for (const [key, value] of Object.entries(bracketGroup(query, "filter"))) {
    if (key !== "action_eq") {
      throw badRequest(`${key} is not a filter this endpoint allows`, `filter[${key}]`);
    }
    for (const action of Array.isArray(value) ? value : [value]) {
      const known = (ACTIVITY_ACTIONS as readonly string[]).includes(action);
      if (action.trim() !== "" && !known) {
        throw badRequest(`'${action}' is not a valid value for filter[${key}]`, `filter[${key}]`);
      }
    }
  }
}

export async function activityEventRoutes(app: FastifyInstance) {
  app.get("/activity_events", { preHandler: authenticate }, async (request, reply) => {
    const user = request.user!;
    const tenantId = request.tenant.id;
    const query = request.query as TQuery;
    checkFilters(query);
    const { include, fields, where, orderBy, page } = parseListQuery(query, activityEventResource, {
      filter: FILTERABLE,
      sort: SORTABLE,
      page: PAGE,
    });
    const { rows, records } = await withTenant(app.db, tenantId, async (tx) => {
      authorize(await loadActor(tx, tenantId, user), "activity_events.list", { userId: user.id });
      return listActivityEvents(tx, tenantId, user.id, {
        where,
        orderBy: orderOf(query, orderBy),
        limit: page.size,
        offset: page.offset,
      });
    });
    const { meta, links } = paginate(request, page, records);
    return sendDocument(
      reply,
      serialize(activityEventResource, rows, { include, fields, meta, links }),
    );
  });
}
