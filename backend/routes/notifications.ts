import { asc, desc, type SQL } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { authenticate } from "../auth/authenticate";
import { withTenant } from "../db/client";
import { notifications } from "../db/schema";
import { notFound } from "../errors";
import { documentAttributes, pathId } from "../jsonapi/document-attributes";
import { JSONAPI_CONTENT_TYPE } from "../jsonapi/errors";
import { parseListQuery } from "../jsonapi/list-query";
import { paginate } from "../jsonapi/pagination";
import type { TQuery } from "../jsonapi/params";
import { commaList, stringParam } from "../jsonapi/query";
import { sendDocument } from "../jsonapi/reply";
import { serialize, type TResource } from "../jsonapi/serializer";
import { parseAttributes } from "../jsonapi/validation";
import { loadActor } from "../policies/actor";
import { authorize } from "../policies/policy";
import {
  listNotifications,
  markAllNotificationsRead,
  setNotificationRead,
  unreadNotificationCount,
} from "../queries/notifications";

/**
 * /api/v1/notifications: the signed-in user's own notifications (spec §2: the toolbar's
 * notifications and the page /notificaties). Any signed-in user may list and mark their
 * own (policies notifications.list and notifications.update); signed out gets devise's
 * 401 from `authenticate`, and token rotation as on every authenticated route. Every
 * query is scoped to the caller and the X-Tenant, so another user's notification is not
 * found (404), never forbidden: a 403 would tell that the id exists.
 *
 * Every answer carries `meta.unread_count`, the caller's unread total whatever the
 * filter and page, so the toolbar's badge needs one call and stays right after a change.
 */

export const notificationResource: TResource = {
  type: "notification",
  attributes: ["kind", "title", "body", "url", "readAt", "createdAt"],
};

const FILTERABLE = { read_at: notifications.readAt, kind: notifications.kind };
const SORTABLE = { created_at: notifications.createdAt };

/** Ties on created_at go by id in the same direction, so pages never overlap or skip. */
function orderOf(query: TQuery, requested: SQL[]): SQL[] {
  if (requested.length === 0) return [desc(notifications.createdAt), desc(notifications.id)];
  const last = commaList(stringParam(query, "sort")).at(-1) ?? "";
  return [...requested, last.startsWith("-") ? desc(notifications.id) : asc(notifications.id)];
}

export const ZNotificationChange = z.object({ read: z.boolean() });

/** `{data: {type: "notification", id, attributes: {read}}}` → read; 422 otherwise. */
const readOf = (body: unknown, id: number): boolean =>
  parseAttributes(
    ZNotificationChange,
    documentAttributes(body, { types: ["notification", "notifications"], id }),
  ).read;

export async function notificationRoutes(app: FastifyInstance) {
  app.get("/notifications", { preHandler: authenticate }, async (request, reply) => {
    const user = request.user!;
    const tenantId = request.tenant.id;
    const query = request.query as TQuery;
    const { include, fields, where, orderBy, page } = parseListQuery(query, notificationResource, {
      filter: FILTERABLE,
      sort: SORTABLE,
    });
    const { rows, records, unreadCount } = await withTenant(app.db, tenantId, async (tx) => {
      authorize(await loadActor(tx, tenantId, user), "notifications.list", { userId: user.id });
      return listNotifications(tx, tenantId, user.id, {
        where,
        orderBy: orderOf(query, orderBy),
        limit: page.size,
        offset: page.offset,
      });
    });
    const { meta, links } = paginate(request, page, records);
    return sendDocument(
      reply,
      serialize(notificationResource, rows, {
        include,
        fields,
        meta: { ...meta, unread_count: unreadCount },
        links,
      }),
    );
  });

  app.patch("/notifications/:id", { preHandler: authenticate }, async (request, reply) => {
    const user = request.user!;
    const tenantId = request.tenant.id;
    const id = pathId((request.params as { id: string }).id);
    if (id === null) throw notFound();
    // Validated before the transaction: a refused body changes nothing.
    const read = readOf(request.body, id);
    const { row, unreadCount } = await withTenant(app.db, tenantId, async (tx) => {
      authorize(await loadActor(tx, tenantId, user), "notifications.update", { userId: user.id });
      const updated = await setNotificationRead(tx, tenantId, user.id, id, read);
      if (!updated) throw notFound();
      return { row: updated, unreadCount: await unreadNotificationCount(tx, tenantId, user.id) };
    });
    return sendDocument(
      reply,
      serialize(notificationResource, row, { meta: { unread_count: unreadCount } }),
    );
  });

  app.post("/notifications/mark_all_read", { preHandler: authenticate }, async (request, reply) => {
    const user = request.user!;
    const tenantId = request.tenant.id;
    const meta = await withTenant(app.db, tenantId, async (tx) => {
      authorize(await loadActor(tx, tenantId, user), "notifications.update", { userId: user.id });
      const marked = await markAllNotificationsRead(tx, tenantId, user.id);
      // Counted, not assumed 0: one that arrived meanwhile is still unread.
      return { unread_count: await unreadNotificationCount(tx, tenantId, user.id), marked };
    });
    // A meta-only document (JSON:API allows one): nothing to list, only the counts.
    return reply.code(200).type(JSONAPI_CONTENT_TYPE).send({ meta });
  });
}
