import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import { CalendarDays } from "@/components/activities/calendar-days";
import { CalendarMonth } from "@/components/activities/calendar-month";
import { CalendarNav } from "@/components/activities/calendar-nav";
import { CalendarSubscribe } from "@/components/activities/calendar-subscribe";
import { withInterruptMetadata, withInterruptScreens } from "@/components/errors/interrupt-page";
import { PageTitle } from "@/components/ui/page-title";
import {
  byDay,
  calendarParams,
  dayOf,
  dayStart,
  daysBetween,
  monthOf,
  monthWeeks,
  viewRange,
  weekDays,
} from "@/lib/activities/calendar";
import type { TSearchParams } from "@/lib/activities/list-params";
import { loadActivities, requireActivities } from "@/lib/activities/load";
import { publicMetadata } from "@/lib/seo/public-metadata";
import { getSiteOrigin } from "@/lib/seo/site-origin";

type Props = { searchParams: Promise<TSearchParams> };

/**
 * /activiteitenkalender (spec §2, public): month, week and list views chosen by
 * `?view=month|week|list&date=YYYY-MM-DD`, rendered on the server with links to move
 * around, so it works without JavaScript (docs/activities.md).
 */
export const generateMetadata = withInterruptMetadata(
  async ({ searchParams }: Props): Promise<Metadata> => {
    const tenant = await requireActivities();
    const t = await getTranslations("activityCalendar");
    const query = await searchParams;
    return publicMetadata({
      title: t("title"),
      description: t("metaDescription", { site: tenant.displayName }),
      path: "/activiteitenkalender",
      // Every other month and view is the same page for a search engine.
      noIndex: query.view !== undefined || query.date !== undefined,
    });
  },
);

export default withInterruptScreens(async function ActivityCalendarPage({ searchParams }: Props) {
  await requireActivities();
  const today = dayOf(new Date());
  const { view, date } = calendarParams(await searchParams, today);
  const range = viewRange(view, date);
  const t = await getTranslations("activityCalendar");
  const [data, origin, format] = await Promise.all([
    loadActivities({ from: range.from, to: range.to, size: 1000 }),
    getSiteOrigin(),
    getFormatter(),
  ]);
  const weeks = view === "month" ? monthWeeks(date) : [];
  const dayList =
    view === "month"
      ? weeks.flat()
      : view === "week"
        ? weekDays(date)
        : daysBetween(range.from, range.to);
  const days = byDay(data.activities, dayList);
  const heading =
    view === "week"
      ? t("weekOf", {
          from: format.dateTime(dayStart(dayList[0]), { day: "numeric", month: "long" }),
          to: format.dateTime(dayStart(dayList[6]), {
            day: "numeric",
            month: "long",
            year: "numeric",
          }),
        })
      : format.dateTime(dayStart(monthOf(date)), { month: "long", year: "numeric" });
  return (
    <>
      <PageTitle description={t("intro")}>{t("title")}</PageTitle>
      <CalendarNav view={view} date={date} today={today} />
      <h2
        id="calendar-period"
        className="mb-4 text-2xl font-semibold first-letter:uppercase"
        aria-live="polite"
      >
        {heading}
      </h2>
      {view === "month" ? (
        <CalendarMonth
          weeks={weeks}
          month={date.slice(0, 7)}
          today={today}
          days={days}
          labelledBy="calendar-period"
        />
      ) : (
        <CalendarDays dayList={dayList} days={days} today={today} showEmptyDays={view === "week"} />
      )}
      <CalendarSubscribe origin={origin} />
    </>
  );
});
