"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import type { MouseEvent } from "react";
import { PanelLoadFailed, PanelLoading } from "@/components/layout/panel-load-states";
import { QueryGate } from "@/components/ui/query-gate";
import { RelativeTime } from "@/components/ui/relative-time";
import { resolveNavigationTarget } from "@/lib/navigation/safe-navigation";
import { NOTIFICATIONS_PATH } from "@/lib/notifications/list-params";
import { latestNotificationsQuery } from "@/lib/notifications/notification-queries";
import type { TNotification } from "@/lib/notifications/notification-types";
import { useMarkAllNotificationsRead } from "@/lib/notifications/use-mark-all-notifications-read";
import { useMarkNotificationRead } from "@/lib/notifications/use-mark-notification-read";

type Props = {
  headingId: string;
  /** The disclosure's close; `true` puts focus back on the bell. */
  close: (returnFocus?: boolean) => void;
};

// At least 44 px high (WCAG 2.5.8 asks 24 px), like every toolbar target.
const itemClass =
  "flex min-h-11 w-full items-start gap-3 rounded-shape px-3 py-2 text-left text-neutral-900 no-underline";
const interactiveItemClass = `${itemClass} hover:bg-neutral-100 hover:text-neutral-900`;
const footerControlClass =
  "inline-flex min-h-11 items-center rounded-shape px-3 py-2 font-medium text-neutral-900 hover:bg-neutral-100 hover:text-neutral-900 aria-disabled:cursor-not-allowed aria-disabled:text-neutral-600 aria-disabled:hover:bg-transparent";

/** A click that opens the link elsewhere (new tab, window, download): leave it to the browser. */
function isModifiedClick(event: MouseEvent) {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

function ItemContent({ notification }: { notification: TNotification }) {
  const t = useTranslations("notifications");
  const unread = !notification.readAt;
  return (
    <>
      {/* The marker: a dot to see, bold to see without colour, text for screen readers. */}
      <span
        aria-hidden="true"
        className={`mt-1.5 size-2.5 shrink-0 rounded-full ${unread ? "bg-primary-700" : ""}`}
      />
      <span className="min-w-0 flex-1">
        <span className={`block ${unread ? "font-bold" : "font-medium"}`}>
          {notification.title}
          {unread ? <span className="sr-only">{` (${t("unread")})`}</span> : null}
        </span>
        {notification.body ? (
          <span className="block truncate text-sm text-neutral-700">{notification.body}</span>
        ) : null}
        <RelativeTime date={notification.createdAt} className="block text-sm text-neutral-700" />
      </span>
    </>
  );
}

/**
 * The bell's panel: the latest five, newest first. Activating one marks it read and goes to
 * its url, but only to a path on this site (lib/navigation/safe-navigation.ts); one without
 * such a url is only marked read. Then 'mark all read' and the link to /notificaties.
 */
export function NotificationPanel({ headingId, close }: Props) {
  const t = useTranslations("notifications");
  const router = useRouter();
  // The badge's query (same key): opening shows what is cached and refreshes it when stale.
  const latest = useQuery(latestNotificationsQuery());
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unreadCount = latest.data?.unreadCount ?? 0;
  const canMarkAll = unreadCount > 0 && !markAll.isPending;

  const activate = async (notification: TNotification, path: string | null) => {
    close(true);
    if (!notification.readAt) {
      // Failure shows a toast (the hook); going where the user asked does not depend on it.
      await markRead.mutateAsync({ id: notification.id, read: true }).catch(() => undefined);
    }
    if (path) router.push(path);
  };

  const item = (notification: TNotification) => {
    const target = resolveNavigationTarget(notification.url);
    const path = target?.kind === "internal" ? target.path : null;
    if (path) {
      return (
        <Link
          href={path}
          className={interactiveItemClass}
          onClick={(event) => {
            if (isModifiedClick(event)) {
              if (!notification.readAt) markRead.mutate({ id: notification.id, read: true });
              return;
            }
            event.preventDefault();
            void activate(notification, path);
          }}
        >
          <ItemContent notification={notification} />
        </Link>
      );
    }
    if (!notification.readAt) {
      return (
        <button
          type="button"
          className={interactiveItemClass}
          onClick={() => void activate(notification, null)}
        >
          <ItemContent notification={notification} />
        </button>
      );
    }
    // Read and nowhere to go: nothing to do, so no control.
    return (
      <div className={itemClass}>
        <ItemContent notification={notification} />
      </div>
    );
  };

  return (
    <div className="flex flex-col gap-1">
      <h2 id={headingId} className="px-3 pt-1 text-base font-bold text-neutral-900">
        {t("bell.heading")}
      </h2>
      <QueryGate
        query={latest}
        failed={t("loadFailed")}
        loading={<PanelLoading />}
        failure={(message, retry) => (
          <PanelLoadFailed
            message={message}
            retryLabel={t("retry")}
            retryClassName={footerControlClass}
            onRetry={retry}
          />
        )}
      >
        {/* A panel's empty state is a line where the list would be, not a list's block. */}
        {({ notifications }) =>
          notifications.length === 0 ? (
            <p className="px-3 py-2 text-neutral-800">{t("bell.empty")}</p>
          ) : (
            <ul aria-labelledby={headingId} className="flex flex-col gap-1">
              {notifications.map((notification) => (
                <li key={notification.id}>{item(notification)}</li>
              ))}
            </ul>
          )
        }
      </QueryGate>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-1 border-t border-neutral-300 pt-1">
        {/* aria-disabled, not disabled: focus stays on it after it has done its work. */}
        <button
          type="button"
          aria-disabled={!canMarkAll}
          className={footerControlClass}
          onClick={() => {
            if (canMarkAll) markAll.mutate();
          }}
        >
          {t("markAllRead")}
        </button>
        <Link href={NOTIFICATIONS_PATH} className={footerControlClass} onClick={() => close()}>
          {t("bell.showAll")}
        </Link>
      </div>
    </div>
  );
}
