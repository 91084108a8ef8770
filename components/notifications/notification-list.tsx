"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { type ReactNode, Suspense } from "react";
import { Pagination } from "@/components/lists/pagination";
import { Button } from "@/components/ui/button";
import { PageTitle } from "@/components/ui/page-title";
import { PerPageSelect } from "@/components/ui/per-page-select";
import { QueryGate } from "@/components/ui/query-gate";
import { filterHref, listParams, pageHref } from "@/lib/notifications/list-params";
import { notificationListQuery } from "@/lib/notifications/notification-queries";
import { useMarkAllNotificationsRead } from "@/lib/notifications/use-mark-all-notifications-read";
import { useMarkNotificationRead } from "@/lib/notifications/use-mark-notification-read";
import { NotificationItem } from "./notification-item";

// The current filter: filled and bold, not colour alone (WCAG 1.4.1).
const filterLinkClass =
  "inline-flex min-h-11 items-center rounded-full border-2 border-neutral-700 px-4 py-1.5 font-medium text-neutral-900 no-underline hover:bg-neutral-100 hover:text-neutral-900 [&[aria-current]]:bg-neutral-800 [&[aria-current]]:font-bold [&[aria-current]]:text-white";

/**
 * /notificaties: every notification of the signed-in user, newest first. Filter
 * (`?filter=unread`), page (`page[number]`) and page size (`page[size]`) live in the URL,
 * so a reload, a bookmark and the back button keep them.
 */
export function NotificationList() {
  const t = useTranslations("notifications");
  const searchParams = useSearchParams();
  const params = listParams(searchParams);
  const query = useQuery(notificationListQuery(params));
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();

  const data = query.data;
  const unreadCount = data?.unreadCount;
  const canMarkAll = (unreadCount ?? 0) > 0 && !markAll.isPending;

  // An empty page says why, and what to do about it.
  const emptyText = (records: number): ReactNode => {
    if (records > 0) {
      // A page past the end (an old bookmark, a list that got shorter).
      return (
        <>
          {t("list.outOfRange")} <Link href={pageHref(searchParams, 1)}>{t("list.firstPage")}</Link>
        </>
      );
    }
    if (params.filter === "unread") {
      return (
        <>
          {t("list.emptyUnread")}{" "}
          <Link href={filterHref(searchParams, "all")}>{t("list.showAll")}</Link>
        </>
      );
    }
    return t("list.empty");
  };

  return (
    <div className="flex flex-col gap-6">
      <PageTitle
        description={
          unreadCount === undefined ? undefined : t("list.unreadSummary", { count: unreadCount })
        }
        actions={
          // aria-disabled, not disabled: focus stays on it after it has done its work.
          <Button
            size="sm"
            variant="outline"
            aria-disabled={!canMarkAll}
            onClick={() => {
              if (canMarkAll) markAll.mutate();
            }}
          >
            {t("markAllRead")}
          </Button>
        }
      >
        {t("list.title")}
      </PageTitle>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <nav aria-label={t("list.filterLabel")}>
          <ul className="flex flex-wrap gap-2">
            <li>
              <Link
                href={filterHref(searchParams, "all")}
                aria-current={params.filter === "all" ? "page" : undefined}
                className={filterLinkClass}
              >
                {t("list.filterAll")}
              </Link>
            </li>
            <li>
              <Link
                href={filterHref(searchParams, "unread")}
                aria-current={params.filter === "unread" ? "page" : undefined}
                className={filterLinkClass}
              >
                {t("list.filterUnread")}
              </Link>
            </li>
          </ul>
        </nav>
        {/* It reads the URL with useSearchParams (docs/shell.md). */}
        <Suspense fallback={null}>
          <PerPageSelect />
        </Suspense>
      </div>
      <QueryGate
        query={query}
        failed={t("loadFailed")}
        empty={{
          when: (page) => page.notifications.length === 0,
          children: emptyText(data?.pagination.records ?? 0),
        }}
      >
        {(page) => (
          <ol
            aria-label={t("list.label")}
            aria-busy={query.isPlaceholderData || undefined}
            className="flex flex-col gap-3"
          >
            {page.notifications.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                pending={markRead.isPending && markRead.variables?.id === notification.id}
                onToggle={(read) => markRead.mutate({ id: notification.id, read })}
              />
            ))}
          </ol>
        )}
      </QueryGate>
      {data ? (
        <Pagination
          current={params.page}
          last={Math.max(1, Math.ceil(data.pagination.records / params.size))}
          hrefFor={(page) => pageHref(searchParams, page)}
        />
      ) : null}
    </div>
  );
}
