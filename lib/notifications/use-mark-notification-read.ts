"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type ApiClient, api } from "@/lib/api";
import { useApiMutation } from "@/lib/api/use-api-mutation";
import { markNotificationRead } from "./notification-api";
import { applyToCachedPages } from "./notification-cache";
import { notificationKeys } from "./notification-keys";

export type TMarkReadInput = { id: string; read: boolean };

/**
 * Marks one notification read or unread (PATCH). On success the answer goes into the
 * cache and the notification keys (and only those) are invalidated; on failure a danger
 * toast says so.
 */
export function useMarkNotificationRead(client: ApiClient = api) {
  const queryClient = useQueryClient();
  const t = useTranslations("notifications");
  return useApiMutation({
    mutationFn: ({ id, read }: TMarkReadInput) => markNotificationRead(client, id, read),
    // Not awaited: whoever waits for the mutation (a click that then navigates) need not
    // wait for the refetch as well.
    invalidates: [notificationKeys.all],
    audited: false,
    onSuccess: ({ notification, unreadCount }, { id, read }) => {
      const readAt = read ? (notification?.readAt ?? new Date().toISOString()) : null;
      applyToCachedPages(queryClient, {
        unreadCount,
        update: (item) => (item.id === id ? { ...item, readAt } : item),
      });
    },
    failure: ({ read }) => (read ? t("errors.markRead") : t("errors.markUnread")),
    failureMessage: () => undefined,
  });
}
