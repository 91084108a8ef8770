"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type ApiClient, api } from "@/lib/api";
import { invalidateKeys } from "@/lib/api/query-client";
import { useToast } from "@/lib/toasts/use-toast";
import { markAllNotificationsRead } from "./notification-api";
import { applyToCachedPages } from "./notification-cache";
import { notificationKeys } from "./notification-keys";

/** Marks every notification of the user read (POST mark_all_read); a danger toast on failure. */
export function useMarkAllNotificationsRead(client: ApiClient = api) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const t = useTranslations("notifications");
  return useMutation({
    mutationFn: () => markAllNotificationsRead(client),
    onSuccess: ({ unreadCount }) => {
      const now = new Date().toISOString();
      applyToCachedPages(queryClient, {
        unreadCount,
        update: (item) => (item.readAt ? item : { ...item, readAt: now }),
      });
      void invalidateKeys(queryClient, [notificationKeys.all]);
    },
    onError: () => {
      toast.danger(t("errors.markAllRead"));
    },
  });
}
