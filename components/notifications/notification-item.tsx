"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { resolveNavigationTarget } from "@/lib/navigation/safe-navigation";
import type { TNotification } from "@/lib/notifications/notification-types";

type Props = {
  notification: TNotification;
  /** Its read/unread change is on its way. */
  pending: boolean;
  /** Asks to mark it read (true) or unread (false). */
  onToggle: (read: boolean) => void;
};

/**
 * One notification on /notificaties: the title as a heading (a link when its url is a
 * path on this site), body, time, read state in words, and the read/unread toggle.
 */
export function NotificationItem({ notification, pending, onToggle }: Props) {
  const t = useTranslations("notifications");
  const unread = !notification.readAt;
  const target = resolveNavigationTarget(notification.url);
  const path = target?.kind === "internal" ? target.path : null;

  return (
    <li
      className={`flex flex-col gap-3 rounded-shape border p-4 sm:flex-row sm:items-start sm:justify-between ${
        unread ? "border-2 border-primary-700 bg-primary-50" : "border-neutral-300 bg-white"
      }`}
    >
      <div className="min-w-0 flex-1">
        <h2 className={`text-lg text-neutral-900 ${unread ? "font-bold" : "font-semibold"}`}>
          {path ? (
            <Link
              href={path}
              onClick={() => {
                // Following it is reading it; the page it opens does not wait for this.
                if (unread) onToggle(true);
              }}
            >
              {notification.title}
            </Link>
          ) : (
            notification.title
          )}
        </h2>
        {notification.body ? (
          <p className="mt-1 break-words text-neutral-800">{notification.body}</p>
        ) : null}
        <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-neutral-700">
          <RelativeTime date={notification.createdAt} />
          {unread ? (
            <span className="rounded-full border border-primary-700 px-2 font-semibold text-primary-800">
              {t("unread")}
            </span>
          ) : (
            <span>{t("read")}</span>
          )}
        </p>
      </div>
      <Button
        size="sm"
        variant="outline"
        className="min-h-11 shrink-0 self-start"
        aria-disabled={pending || undefined}
        // The title makes each name unique in the list; it starts with the visible text (2.5.3).
        aria-label={
          unread
            ? t("list.markReadNamed", { title: notification.title })
            : t("list.markUnreadNamed", { title: notification.title })
        }
        onClick={() => {
          if (!pending) onToggle(unread);
        }}
      >
        {unread ? t("markRead") : t("markUnread")}
      </Button>
    </li>
  );
}
