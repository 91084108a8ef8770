"use client";
import { useQuery } from "@tanstack/react-query";
import { useAuth } from "@/lib/auth/use-auth";
import { latestNotificationsQuery } from "./notification-queries";

/** How often the count is asked again while the tab is visible. */
export const UNREAD_REFRESH_MS = 60_000;

/**
 * The signed-in user's unread count (meta.unreadCount), or undefined until it is known and
 * when signed out. It rides on the panel's query (same key), so the badge and the panel
 * cost one request. TanStack pauses the interval while the tab is hidden
 * (refetchIntervalInBackground: false) and asks again when it becomes visible.
 */
export function useUnreadCount(): number | undefined {
  const { status } = useAuth();
  const signedIn = status === "SIGNED_IN";
  const { data } = useQuery({
    ...latestNotificationsQuery(),
    enabled: signedIn,
    refetchInterval: UNREAD_REFRESH_MS,
    refetchIntervalInBackground: false,
    select: (page) => page.unreadCount,
  });
  return signedIn ? data : undefined;
}
