import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { dayStart, MONTH_CELL_LIMIT } from "@/lib/activities/calendar";
import type { TActivity } from "@/lib/activities/types";
import { calendarHref } from "./calendar-nav";

type Props = {
  weeks: string[][];
  /** "YYYY-MM" of the month shown; other days are greyed. */
  month: string;
  today: string;
  days: Map<string, TActivity[]>;
  labelledBy: string;
};

/**
 * The month as a table (WAI: a data table with weekday column headers), each day's
 * activities as links, at most MONTH_CELL_LIMIT, then "+N more" to the day's week.
 */
export function CalendarMonth({ weeks, month, today, days, labelledBy }: Props) {
  const t = useTranslations("activityCalendar");
  const format = useFormatter();
  return (
    <section
      aria-labelledby={labelledBy}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard, also in a month with no links (WCAG 2.1.1)
      tabIndex={0}
      // `relative`: the days' visually hidden labels stay inside the scrolling table instead
      // of widening the page on a narrow screen (WCAG 1.4.10).
      className="relative overflow-x-auto"
    >
      <table
        aria-labelledby={labelledBy}
        className="w-full min-w-[42rem] table-fixed border-collapse"
      >
        <thead>
          <tr>
            {weeks[0].map((day) => (
              <th key={day} scope="col" className="border-b-2 border-neutral-300 p-2 text-left">
                <abbr
                  title={format.dateTime(dayStart(day), { weekday: "long" })}
                  className="no-underline"
                >
                  {format.dateTime(dayStart(day), { weekday: "short" })}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const list = days.get(day) ?? [];
                const outside = !day.startsWith(month);
                const shown = list.slice(0, MONTH_CELL_LIMIT);
                const more = list.length - shown.length;
                return (
                  <td
                    key={day}
                    aria-current={day === today ? "date" : undefined}
                    className={`h-28 border border-neutral-200 p-1 align-top ${outside ? "bg-neutral-50 text-neutral-700" : "bg-white"} aria-[current]:bg-neutral-100 aria-[current]:font-semibold`}
                  >
                    <span className="block text-sm font-semibold">
                      <span className="sr-only">
                        {format.dateTime(dayStart(day), { day: "numeric", month: "long" })}
                      </span>
                      <span aria-hidden="true">{Number(day.slice(8))}</span>
                    </span>
                    {shown.length > 0 ? (
                      <ul className="mt-1 grid gap-1 text-sm">
                        {shown.map((activity) => (
                          <li key={activity.id}>
                            <Link
                              href={`/activiteiten/${activity.id}`}
                              className={`block py-0.5 leading-snug break-words ${activity.status === "cancelled" ? "line-through" : ""}`}
                            >
                              {activity.title}
                              {activity.status === "cancelled" ? (
                                <span className="sr-only"> ({t("cancelled")})</span>
                              ) : null}
                            </Link>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                    {more > 0 ? (
                      <Link
                        href={calendarHref("week", day)}
                        className="mt-1 block py-0.5 text-sm font-semibold"
                        aria-label={t("moreLabel", {
                          count: more,
                          date: format.dateTime(dayStart(day), { day: "numeric", month: "long" }),
                        })}
                      >
                        {t("more", { count: more })}
                      </Link>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
