"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type ApiClient, api } from "@/lib/api";
import { useApiMutation } from "@/lib/api/use-api-mutation";
import { markAllNotificationsRead } from "./notification-api";
import { applyToCachedPages } from "./notification-cache";
import { notificationKeys } from "./notification-keys";

/** Marks every notification of the user read (POST mark_all_read); a danger toast on failure. */
export function useMarkAllNotificationsRead(client: ApiClient = api) {
  const queryClient = useQueryClient();
  const t = useTranslations("notifications");
  return useApiMutation({
    mutationFn: () => markAllNotificationsRead(client),
    invalidates: [notificationKeys.all],
    audited: false,
    onSuccess: ({ unreadCount }) => {
      const now = new Date().toISOString();
      applyToCachedPages(queryClient, {
        unreadCount,
        update: (item) => (item.readAt ? item : { ...item, readAt: now }),
      });
    },
    failure: () => t("errors.markAllRead"),
    failureMessage: () => undefined,
  });
}
