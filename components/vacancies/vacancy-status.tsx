"use client";

import { useTranslations } from "next-intl";
import type { TVacancyStatusName } from "@/lib/contract/vacancies";
import type { TDeadlineFilter } from "@/lib/vacancies/vacancy-list";

type TListT = ReturnType<typeof useTranslations<"vacancyList">>;

// One literal key per case, so the message check sees every text (docs/decisions.md, i18n).
export function vacancyStatusLabel(t: TListT, status: TVacancyStatusName): string {
  switch (status) {
    case "draft":
      return t("statuses.draft");
    case "pending":
      return t("statuses.pending");
    case "published":
      return t("statuses.published");
    case "closed":
      return t("statuses.closed");
    case "archived":
      return t("statuses.archived");
    default:
      status satisfies never;
      return status;
  }
}

/** The action that takes a vacancy from `from` to `to`, as the status menu names it. */
export function vacancyStepLabel(
  t: TListT,
  from: TVacancyStatusName,
  to: TVacancyStatusName,
): string {
  switch (to) {
    case "pending":
      return t("steps.submit");
    case "published":
      return from === "closed" ? t("steps.reopen") : t("steps.publish");
    case "draft":
      return t("steps.backToDraft");
    case "closed":
      return t("steps.close");
    case "archived":
      return t("steps.archive");
    default:
      to satisfies never;
      return to;
  }
}

// One literal key per case, so the message check sees every text.
export function deadlineLabel(t: TListT, value: TDeadlineFilter): string {
  switch (value) {
    case "week":
      return t("deadlines.week");
    case "month":
      return t("deadlines.month");
    case "past":
      return t("deadlines.past");
    case "none":
      return t("deadlines.none");
    default:
      value satisfies never;
      return value;
  }
}

const BADGE: Record<TVacancyStatusName, string> = {
  draft: "bg-neutral-100 text-neutral-900",
  pending: "bg-amber-100 text-amber-900",
  published: "bg-emerald-100 text-emerald-900",
  closed: "bg-sky-100 text-sky-900",
  archived: "bg-neutral-200 text-neutral-900",
};

/** The status as a badge: its name in words (the colour only repeats it). */
export function VacancyStatusBadge({ status }: { status: TVacancyStatusName }) {
  const t = useTranslations("vacancyList");
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-sm font-medium ${BADGE[status]}`}>
      {vacancyStatusLabel(t, status)}
    </span>
  );
}

/** A date (YYYY-MM-DD) as a Date at noon UTC: the same calendar day in Europe/Amsterdam. */
export const calendarDay = (day: string) => new Date(`${day}T12:00:00Z`);
