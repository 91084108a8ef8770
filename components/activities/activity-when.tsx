import { useFormatter, useTranslations } from "next-intl";
import { activityDays, dayStart } from "@/lib/activities/calendar";
import type { TActivity } from "@/lib/activities/types";

type Props = { activity: Pick<TActivity, "startsAt" | "endsAt" | "allDay">; short?: boolean };

const LONG = { weekday: "long", day: "numeric", month: "long", year: "numeric" } as const;
const SHORT = { weekday: "short", day: "numeric", month: "short" } as const;
const TIME = { hour: "2-digit", minute: "2-digit" } as const;

/** When an activity is, in Amsterdam time (i18n/request.ts sets the zone). */
export function ActivityWhen({ activity, short = false }: Props) {
  const format = useFormatter();
  const t = useTranslations("activities");
  const dateStyle = short ? SHORT : LONG;
  const days = activityDays(activity);
  const first = format.dateTime(dayStart(days[0]), dateStyle);
  const last = format.dateTime(dayStart(days[days.length - 1]), dateStyle);
  const start = new Date(activity.startsAt);
  const end = activity.endsAt ? new Date(activity.endsAt) : null;
  const date = days.length > 1 ? t("dateRange", { from: first, to: last }) : first;
  return (
    <span>
      <time dateTime={activity.startsAt}>{date}</time>
      {activity.allDay ? (
        <>, {t("allDay")}</>
      ) : (
        <>
          ,{" "}
          {end && days.length === 1
            ? t("timeRange", {
                start: format.dateTime(start, TIME),
                end: format.dateTime(end, TIME),
              })
            : t("timeFrom", { start: format.dateTime(start, TIME) })}
        </>
      )}
    </span>
  );
}
