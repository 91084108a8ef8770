import { desc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { notifications } from "../db/schema";
import { notFound } from "../errors";
import { defineRoute } from "../http/define-route";
import { listDocument } from "../http/documents";
import { attributesBody, listQuery, pathParams, ZPathId } from "../http/inputs";
import { serialize, type TResource } from "../jsonapi/serializer";
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
 * 401, and token rotation as on every authenticated route. Every
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

export const ZNotificationChange = z.object({ read: z.boolean() });

const ZIdParams = z.object({ id: ZPathId });

export async function notificationRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: "GET",
    url: "/notifications",
    summary: "The signed-in user's notifications, newest first, with meta.unread_count",
    auth: "signed_in",
    query: listQuery({
      resource: notificationResource,
      filter: FILTERABLE,
      sort: SORTABLE,
      defaultOrder: [desc(notifications.createdAt), desc(notifications.id)],
      tieBreaker: notifications.id,
    }),
    action: "notifications.list",
    facts: ({ session }) => ({ userId: session.user.id }),
    response: { resource: notificationResource, many: true },
    handler: async ({ tx, tenant, session, query, request }) => {
      const { rows, records, unreadCount } = await listNotifications(
        tx,
        tenant.id,
        session.user.id,
        {
          where: query.where,
          orderBy: query.orderBy,
          limit: query.page.size,
          offset: query.page.offset,
        },
      );
      return listDocument(request, notificationResource, query, rows, records, {
        unread_count: unreadCount,
      });
    },
  });

  defineRoute(app, {
    method: "PATCH",
    url: "/notifications/:id",
    summary: "Mark one of the signed-in user's notifications read or unread",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    body: attributesBody(ZNotificationChange, {
      types: ["notification", "notifications"],
      idParam: "id",
    }),
    action: "notifications.update",
    facts: ({ session }) => ({ userId: session.user.id }),
    response: { resource: notificationResource, many: false },
    handler: async ({ tx, tenant, session, params, body }) => {
      const updated = await setNotificationRead(
        tx,
        tenant.id,
        session.user.id,
        params.id,
        body.read,
      );
      if (!updated) throw notFound();
      const unreadCount = await unreadNotificationCount(tx, tenant.id, session.user.id);
      return serialize(notificationResource, updated, { meta: { unread_count: unreadCount } });
    },
  });

  defineRoute(app, {
    method: "POST",
    url: "/notifications/mark_all_read",
    summary: "Mark all of the signed-in user's notifications read",
    auth: "signed_in",
    action: "notifications.update",
    facts: ({ session }) => ({ userId: session.user.id }),
    response: z.object({ meta: z.object({ unread_count: z.number(), marked: z.number() }) }),
    handler: async ({ tx, tenant, session }) => {
      const marked = await markAllNotificationsRead(tx, tenant.id, session.user.id);
      // Counted, not assumed 0: one that arrived meanwhile is still unread. A meta-only
      // document (JSON:API allows one): nothing to list, only the counts.
      return {
        meta: {
          unread_count: await unreadNotificationCount(tx, tenant.id, session.user.id),
          marked,
        },
      };
    },
  });
}
