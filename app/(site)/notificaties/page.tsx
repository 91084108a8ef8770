import { NotificationList } from "@/components/notifications/notification-list";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("notifications");

/**
 * spec §2: /notificaties is login-required. proxy.ts only sees that a cookie exists; this
 * checks that it holds a session. The list loads in the browser through the BFF
 * (decisions.md: server components never call authenticated api endpoints).
 */
export default async function NotificationsPage() {
  await requireSession("/notificaties");
  return <NotificationList />;
}
