import type { QueryClient } from "@tanstack/react-query";
import { notificationKeys } from "./notification-keys";
import type { TNotification, TNotificationPage } from "./notification-types";

/**
 * Puts what a mutation answered into every cached page at once (the badge drops before
 * the refetch lands): the new unread count, and the changed notification where it is listed.
 */
export function applyToCachedPages(
  queryClient: QueryClient,
  change: { unreadCount?: number; update?: (notification: TNotification) => TNotification },
): void {
  queryClient.setQueriesData<TNotificationPage>({ queryKey: notificationKeys.all }, (page) => {
    if (!page) return page;
    return {
      ...page,
      unreadCount: change.unreadCount ?? page.unreadCount,
      notifications: change.update ? page.notifications.map(change.update) : page.notifications,
    };
  });
}
