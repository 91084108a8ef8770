import Link from "next/link";
import { useTranslations } from "next-intl";
import { CALENDAR_VIEWS, shiftDate, type TCalendarView } from "@/lib/activities/calendar";

type Props = { view: TCalendarView; date: string; today: string };

export const calendarHref = (view: TCalendarView, date: string) =>
  `/activiteitenkalender?view=${view}&date=${date}`;

const linkClass =
  "inline-flex min-h-11 items-center justify-center rounded-shape border-2 border-neutral-300 bg-white px-3 py-2 font-medium text-neutral-900 no-underline hover:bg-neutral-100 hover:text-neutral-900";
const currentClass =
  "aria-[current]:border-neutral-800 aria-[current]:bg-neutral-800 aria-[current]:text-white";

/** Views and previous/today/next as links: the calendar works without JavaScript. */
export function CalendarNav({ view, date, today }: Props) {
  const t = useTranslations("activityCalendar");
  const label = (v: TCalendarView) =>
    v === "month" ? t("month") : v === "week" ? t("week") : t("list");
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-4">
      <nav aria-label={t("periodNav")}>
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link href={calendarHref(view, shiftDate(view, date, -1))} className={linkClass}>
              {view === "week" ? t("previousWeek") : t("previousMonth")}
            </Link>
          </li>
          <li>
            <Link href={calendarHref(view, today)} className={linkClass}>
              {t("today")}
            </Link>
          </li>
          <li>
            <Link href={calendarHref(view, shiftDate(view, date, 1))} className={linkClass}>
              {view === "week" ? t("nextWeek") : t("nextMonth")}
            </Link>
          </li>
        </ul>
      </nav>
      <nav aria-label={t("viewNav")}>
        <ul className="flex flex-wrap gap-2">
          {CALENDAR_VIEWS.map((v) => (
            <li key={v}>
              <Link
                href={calendarHref(v, date)}
                aria-current={v === view ? "page" : undefined}
                className={`${linkClass} ${currentClass}`}
              >
                {label(v)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
