/**
 * Query keys of the notifications feature (STYLE.md: per-feature factory, never inline).
 * Every key starts with `all`, so a mutation invalidates exactly this feature's data.
 */
import type { TNotificationListParams } from "./notification-types";

export const notificationKeys = {
  all: ["notifications"] as const,
  /** The toolbar panel: the latest few, and the unread count its meta carries. */
  latest: () => [...notificationKeys.all, "latest"] as const,
  lists: () => [...notificationKeys.all, "list"] as const,
  /** /notificaties: one page of one filter. */
  list: (params: TNotificationListParams) => [...notificationKeys.lists(), params] as const,
};
