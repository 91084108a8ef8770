"use client";

import { useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { AttendeesLink } from "@/components/activity-attendees/attendees-link";
import { ListTable, useListPage } from "@/components/lists/list-table";
import { Button, ButtonLink } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PageTitle } from "@/components/ui/page-title";
import {
  ACTIVITY_OVERVIEW_LIST,
  activityActions,
  activityOverviewQuery,
  copyActivity,
  deleteActivity,
  managedActivityKeys,
  managedActivityPageQuery,
  PERIOD_FILTERS,
  type TManagedActivity,
  transitionActivity,
} from "@/lib/activities/managed-activity-list";
import { api } from "@/lib/api";
import { useApiMutation } from "@/lib/api/use-api-mutation";
import { ACTIVITY_STATUSES, type TActivityStatusName } from "@/lib/contract/activities";

type TOverviewT = ReturnType<typeof useTranslations<"activityOverview">>;

/** Every change of an activity shows in the list. */
const ACTIVITY_QUERIES = [managedActivityKeys.all];

const statusLabel = (t: TOverviewT, status: TActivityStatusName) => {
  switch (status) {
    case "draft":
      return t("statuses.draft");
    case "published":
      return t("statuses.published");
    case "cancelled":
      return t("statuses.cancelled");
    default:
      status satisfies never;
      return status;
  }
};

const BADGE: Record<TActivityStatusName, string> = {
  draft: "bg-neutral-100 text-neutral-900",
  published: "bg-emerald-100 text-emerald-900",
  cancelled: "bg-red-50 text-red-900",
};

/**
 * /activiteitenkalender/overzicht (docs/activity-overview.md): the activities the caller
 * runs, as the api scopes them (a centre's staff their centre's, a desk manager their
 * desk's, superadmins all); anyone else gets the api's 403 and so the 403 screen. Status,
 * period, title search, order and page live in the URL.
 */
export function ActivityOverviewList() {
  const t = useTranslations("activityOverview");
  const list = useListPage(ACTIVITY_OVERVIEW_LIST);
  // One moment per visit splits upcoming from past, so the query key stays the same while
  // the page is open (a new moment every render would fetch on every render).
  const [now] = useState(() => new Date().toISOString());
  const query = useQuery(managedActivityPageQuery(activityOverviewQuery(list.state, now)));

  return (
    <ListTable
      list={list}
      title={
        <PageTitle
          description={t("description")}
          actions={
            <ButtonLink href="/activiteitenkalender/overzicht/nieuw" size="sm">
              {t("new")}
            </ButtonLink>
          }
        >
          {t("title")}
        </PageTitle>
      }
      searchLabel={t("search")}
      selects={[
        {
          name: "status",
          label: t("status"),
          anyLabel: t("anyStatus"),
          options: ACTIVITY_STATUSES.map((value) => ({ value, label: statusLabel(t, value) })),
        },
        {
          name: "period",
          label: t("period"),
          anyLabel: t("anyPeriod"),
          options: PERIOD_FILTERS.map((value) => ({
            value,
            label: value === "upcoming" ? t("periods.upcoming") : t("periods.past"),
          })),
        },
      ]}
      query={query}
      texts={{
        loadFailed: t("loadFailed"),
        empty: t("empty"),
        noMatches: t("noMatches"),
        outOfRange: t("outOfRange"),
        firstPage: t("firstPage"),
        tableLabel: t("tableLabel"),
        caption: (count) => t("caption", { count }),
      }}
      columns={[
        { key: "date", label: t("columns.date"), sort: "starts_at" },
        { key: "title", label: t("columns.title"), sort: "title" },
        { key: "desk", label: t("columns.desk") },
        { key: "status", label: t("columns.status") },
        { key: "places", label: t("columns.places") },
        { key: "actions", label: t("columns.actions"), hideLabel: true },
      ]}
      row={(activity) => <ActivityRow key={activity.id} activity={activity} />}
    />
  );
}

type TDialog = "cancel" | "delete" | null;

function ActivityRow({ activity }: { activity: TManagedActivity }) {
  const t = useTranslations("activityOverview");
  const format = useFormatter();
  const [dialog, setDialog] = useState<TDialog>(null);
  const close = () => setDialog(null);
  const offered = activityActions(activity.status);
  const { title } = activity;

  const step = useApiMutation({
    mutationFn: (to: TActivityStatusName) => transitionActivity(api, activity.id, to),
    invalidates: ACTIVITY_QUERIES,
    success: (to) =>
      to === "published" ? t("publish.done", { title }) : t("cancel.done", { title }),
    failure: (to) =>
      to === "published" ? t("publish.failed", { title }) : t("cancel.failed", { title }),
    reasons: { 422: t("invalidTransition") },
    onSuccess: close,
  });
  const copy = useApiMutation({
    mutationFn: () => copyActivity(api, activity.id),
    invalidates: ACTIVITY_QUERIES,
    success: () => t("copy.done", { title }),
    failure: () => t("copy.failed", { title }),
  });
  const remove = useApiMutation({
    mutationFn: () => deleteActivity(api, activity.id),
    invalidates: ACTIVITY_QUERIES,
    success: () => t("delete.done", { title }),
    failure: () => t("delete.failed", { title }),
    reasons: { 409: t("delete.notDeletable") },
    onSuccess: close,
  });
  const told = activity.registrationsCount + activity.waitlistCount;

  return (
    <tr className="border-b border-neutral-200 align-top">
      <td className="px-3 py-2 whitespace-nowrap">
        <time dateTime={activity.startsAt}>
          {format.dateTime(
            new Date(activity.startsAt),
            activity.allDay ? { dateStyle: "medium" } : { dateStyle: "medium", timeStyle: "short" },
          )}
        </time>
      </td>
      <th scope="row" className="px-3 py-2 font-medium">
        {title}
      </th>
      <td className="px-3 py-2">{activity.desk?.azcName ?? "—"}</td>
      <td className="px-3 py-2">
        <span
          className={`inline-block rounded px-2 py-0.5 text-sm font-medium ${BADGE[activity.status]}`}
        >
          {statusLabel(t, activity.status)}
        </span>
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        {activity.capacity === null
          ? t("places.open", { registered: activity.registrationsCount })
          : t("places.capped", {
              registered: activity.registrationsCount,
              capacity: activity.capacity,
            })}
        {activity.waitlistCount > 0 ? (
          <>
            <br />
            {t("places.waiting", { count: activity.waitlistCount })}
          </>
        ) : null}
      </td>
      <td className="px-3 py-2">
        <div className="flex flex-wrap gap-2">
          <ButtonLink
            size="sm"
            variant="outline"
            href={`/activiteitenkalender/overzicht/${encodeURIComponent(activity.id)}/bewerken`}
          >
            {t("editButton")}
            <span className="sr-only"> {title}</span>
          </ButtonLink>
          {offered.publish ? (
            <Button
              size="sm"
              variant="outline"
              aria-disabled={step.isPending}
              onClick={() => {
                if (!step.isPending) step.mutate("published");
              }}
            >
              {t("publish.button")}
              <span className="sr-only"> {title}</span>
            </Button>
          ) : null}
          {offered.cancel ? (
            <Button size="sm" variant="outline" onClick={() => setDialog("cancel")}>
              {t("cancel.button")}
              <span className="sr-only"> {title}</span>
            </Button>
          ) : null}
          <AttendeesLink activity={activity} />
          <Button
            size="sm"
            variant="outline"
            aria-disabled={copy.isPending}
            onClick={() => {
              if (!copy.isPending) copy.mutate();
            }}
          >
            {t("copy.button")}
            <span className="sr-only"> {title}</span>
          </Button>
          {offered.delete ? (
            <Button size="sm" variant="outline" onClick={() => setDialog("delete")}>
              {t("delete.button")}
              <span className="sr-only"> {title}</span>
            </Button>
          ) : null}
        </div>
        <ConfirmDialog
          open={dialog === "cancel"}
          title={t("cancel.title", { title })}
          confirmLabel={t("cancel.confirm")}
          tone="danger"
          pending={step.isPending}
          pendingLabel={t("pending")}
          onConfirm={() => step.mutate("cancelled")}
          onCancel={close}
        >
          <p>{t("cancel.body", { count: told })}</p>
        </ConfirmDialog>
        <ConfirmDialog
          open={dialog === "delete"}
          title={t("delete.title", { title })}
          confirmLabel={t("delete.confirm")}
          tone="danger"
          pending={remove.isPending}
          pendingLabel={t("pending")}
          onConfirm={() => remove.mutate()}
          onCancel={close}
        >
          <p>{t("delete.body")}</p>
        </ConfirmDialog>
      </td>
    </tr>
  );
}
