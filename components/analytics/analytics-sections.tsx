"use client";

import { useFormatter, useLocale, useTranslations } from "next-intl";
import type { TAnalytics } from "@/lib/analytics/analytics-types";
import type { TFigureRow, TFigureSection } from "./figure-section";

const DAY_SECONDS = 86_400;

/**
 * Every figure of docs/analytics.md as sections of rows, one value per centre: the centre's
 * page passes one centre, the comparison all of them, and both draw the same sections.
 */
export function useAnalyticsSections(centres: TAnalytics[]): TFigureSection[] {
  const t = useTranslations("analytics");
  const format = useFormatter();
  const locale = useLocale();
  const first = centres[0];
  if (!first) return [];
  const days = first.applications.answerWorkingDays;
  const row = (
    key: string,
    label: string,
    value: (c: TAnalytics) => number | null,
    extra: Partial<TFigureRow> = {},
  ): TFigureRow => ({ key, label, values: centres.map(value), ...extra });

  // Every centre has the same weeks (the range's); a week's label is its Monday.
  const weeks = first.applications.perWeek.map((w) => w.week);
  const weekLabel = (week: string) =>
    t("rows.week", {
      day: format.dateTime(new Date(`${week}T12:00:00Z`), {
        day: "numeric",
        month: "short",
        year: "numeric",
        timeZone: "UTC",
      }),
    });

  // The tags of every centre's top list; a centre without the tag in its list shows none.
  const tags = new Map<number, string>();
  for (const c of centres) {
    for (const tag of c.topTags) {
      tags.set(tag.id, locale === "en" && tag.nameEn ? tag.nameEn : tag.name);
    }
  }
  const quietNames = centres.length === 1 ? first.organizationsWithoutActivity.organizations : [];

  return [
    {
      id: "vacancies",
      title: t("sections.vacancies"),
      rows: [
        row("published", t("rows.published"), (c) => c.vacancies.published),
        row("open", t("rows.open"), (c) => c.vacancies.open),
        row("closed", t("rows.closed"), (c) => c.vacancies.closed),
      ],
    },
    {
      id: "applications",
      title: t("sections.applications"),
      rows: [
        row("sent", t("rows.sent"), (c) => c.applications.sent),
        row("accepted", t("rows.accepted"), (c) => c.applications.accepted),
      ],
    },
    {
      id: "per-week",
      title: t("sections.perWeek"),
      rows: weeks.map((week, i) =>
        row(week, weekLabel(week), (c) => c.applications.perWeek[i]?.count ?? 0),
      ),
    },
    {
      id: "replies",
      title: t("sections.replies"),
      note: t("notes.replies", { days }),
      rows: [
        row("share", t("rows.share", { days }), (c) => c.applications.answeredInTimeShare, {
          unit: "share",
        }),
        row("in-time", t("rows.answeredInTime", { days }), (c) => c.applications.answeredInTime, {
          chart: false,
        }),
        row("due", t("rows.due"), (c) => c.applications.due, { chart: false }),
        row(
          "median",
          t("rows.median"),
          (c) =>
            c.applications.medianReplySeconds === null
              ? null
              : c.applications.medianReplySeconds / DAY_SECONDS,
          { unit: "decimal", chart: false },
        ),
      ],
    },
    {
      id: "volunteers",
      title: t("sections.volunteers"),
      note: t("notes.volunteers"),
      rows: [row("active", t("rows.activeVolunteers"), (c) => c.activeVolunteers)],
    },
    {
      id: "activities",
      title: t("sections.activities"),
      rows: [
        row("sign-ups", t("rows.signUps"), (c) => c.activities.signUps),
        row("waitlisted", t("rows.waitlisted"), (c) => c.activities.waitlisted),
        row("attended", t("rows.attended"), (c) => c.activities.attended),
        row("hours", t("rows.hours"), (c) => c.activities.minutes / 60, {
          unit: "decimal",
          chart: false,
        }),
      ],
    },
    {
      id: "pool",
      title: t("sections.pool"),
      rows: [
        row("sent", t("rows.invitationsSent"), (c) => c.poolInvitations.sent),
        row("accepted", t("rows.invitationsAccepted"), (c) => c.poolInvitations.accepted),
        row("declined", t("rows.invitationsDeclined"), (c) => c.poolInvitations.declined),
        row("pending", t("rows.invitationsPending"), (c) => c.poolInvitations.pending),
        row("withdrawn", t("rows.invitationsWithdrawn"), (c) => c.poolInvitations.withdrawn),
      ],
    },
    {
      id: "tags",
      title: t("sections.tags"),
      note: tags.size === 0 ? t("notes.noTags") : undefined,
      rows: [...tags].map(([id, name]) =>
        row(`tag-${id}`, name, (c) => c.topTags.find((tag) => tag.id === id)?.applications ?? null),
      ),
    },
    {
      id: "quiet",
      title: t("sections.quiet"),
      note: t("notes.quiet"),
      rows: [row("count", t("rows.quietCount"), (c) => c.organizationsWithoutActivity.count)],
      ...(centres.length === 1
        ? {
            csv: {
              columns: [t("rows.organisation")],
              records: quietNames.map((o) => [o.name]),
            },
            extra:
              quietNames.length > 0 ? (
                <div className="mt-3">
                  <p className="text-neutral-700">
                    {t("notes.quietListed", { count: quietNames.length })}
                  </p>
                  <ul className="list-disc ps-6">
                    {quietNames.map((o) => (
                      <li key={o.id}>{o.name}</li>
                    ))}
                  </ul>
                </div>
              ) : (
                <p className="mt-3 text-neutral-700">{t("notes.none")}</p>
              ),
          }
        : {}),
    },
  ];
}
