import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { dayStart } from "@/lib/activities/calendar";
import { placeLine, type TActivity } from "@/lib/activities/types";
import { CancelledBadge } from "./cancelled-badge";

type Props = {
  dayList: string[];
  days: Map<string, TActivity[]>;
  today: string;
  /** Week view shows every day; list view only days with activities. */
  showEmptyDays: boolean;
};

const TIME = { hour: "2-digit", minute: "2-digit" } as const;

/** Week and list views: a heading per day, the day's activities under it. */
export function CalendarDays({ dayList, days, today, showEmptyDays }: Props) {
  const t = useTranslations("activityCalendar");
  const format = useFormatter();
  const shown = showEmptyDays ? dayList : dayList.filter((d) => (days.get(d) ?? []).length > 0);
  if (shown.length === 0) {
    return (
      <p className="rounded-shape border-2 border-dashed border-neutral-300 p-6 font-semibold">
        {t("emptyPeriod")}
      </p>
    );
  }
  return (
    <div className="grid gap-6">
      {shown.map((day) => {
        const list = days.get(day) ?? [];
        return (
          <section key={day} aria-labelledby={`day-${day}`}>
            <h3 id={`day-${day}`} className="mb-2 text-lg font-semibold">
              {format.dateTime(dayStart(day), { weekday: "long", day: "numeric", month: "long" })}
              {day === today ? (
                <span className="ml-2 text-base font-normal">({t("today")})</span>
              ) : null}
            </h3>
            {list.length === 0 ? (
              <p className="text-neutral-700">{t("noActivities")}</p>
            ) : (
              <ul className="grid gap-2">
                {list.map((activity) => (
                  <li
                    key={activity.id}
                    className="rounded-shape border-2 border-neutral-200 bg-white p-3"
                  >
                    <span className="mr-2 font-mono text-sm">
                      {activity.allDay
                        ? t("allDay")
                        : format.dateTime(new Date(activity.startsAt), TIME)}
                    </span>
                    <Link
                      href={`/activiteiten/${activity.id}`}
                      className={activity.status === "cancelled" ? "line-through" : undefined}
                    >
                      {activity.title}
                    </Link>
                    {activity.status === "cancelled" ? (
                      <span className="ml-2">
                        <CancelledBadge />
                      </span>
                    ) : null}
                    <span className="block text-sm text-neutral-700">
                      {activity.online
                        ? t("online")
                        : [activity.locationName, activity.city].filter(Boolean).join(", ") ||
                          placeLine(activity)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
