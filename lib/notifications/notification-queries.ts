import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "@/lib/api";
import { fetchNotifications } from "./notification-api";
import { notificationKeys } from "./notification-keys";
import type { TNotificationListParams } from "./notification-types";

/** How many the toolbar panel shows. */
export const PANEL_SIZE = 5;

/** The toolbar panel: the latest five of every notification, with meta.unreadCount. */
export function latestNotificationsQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: notificationKeys.latest(),
    queryFn: ({ signal }) =>
      fetchNotifications(client, { page: 1, size: PANEL_SIZE, filter: "all" }, signal),
  });
}

/** /notificaties: one page of one filter. The previous page stays on screen while the next loads. */
export function notificationListQuery(params: TNotificationListParams, client: ApiClient = api) {
  return queryOptions({
    queryKey: notificationKeys.list(params),
    queryFn: ({ signal }) => fetchNotifications(client, params, signal),
    placeholderData: keepPreviousData,
  });
}
