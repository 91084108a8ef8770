import { TZDate } from "@date-fns/tz";
import {
  addDays,
  addMonths,
  addWeeks,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  startOfMonth,
  startOfWeek,
} from "date-fns";

/**
 * The activity calendar's days (docs/activities.md): everything is a day in Amsterdam,
 * written "YYYY-MM-DD", and weeks start on Monday (nl). Pure functions, no React, so the
 * server pages and the unit tests share them.
 */

export const TIME_ZONE = "Europe/Amsterdam";
export const CALENDAR_VIEWS = ["month", "week", "list"] as const;
export type TCalendarView = (typeof CALENDAR_VIEWS)[number];
/** How many activities a month cell shows before "+N more". */
export const MONTH_CELL_LIMIT = 3;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const WEEK = { weekStartsOn: 1 } as const;

/** A day "YYYY-MM-DD" as midnight in Amsterdam. */
export function dayStart(day: string): TZDate {
  const [, y, m, d] = DAY.exec(day) ?? [];
  return new TZDate(Number(y), Number(m) - 1, Number(d), TIME_ZONE);
}

/** The Amsterdam day of an instant. */
export function dayOf(instant: Date | string | number): string {
  return format(new TZDate(new Date(instant).getTime(), TIME_ZONE), "yyyy-MM-dd");
}

export function isDay(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const match = DAY.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && y <= 2200 && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const days = (from: Date, to: Date) =>
  eachDayOfInterval({ start: from, end: to }).map((d) => format(d, "yyyy-MM-dd"));

/** Every day from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) => days(dayStart(from), dayStart(to));

/** `?view=&date=` of the calendar page; anything else falls back to month and today. */
export function calendarParams(
  query: { view?: string | string[]; date?: string | string[] },
  today: string,
): { view: TCalendarView; date: string } {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const view = one(query.view);
  const date = one(query.date);
  return {
    view: (CALENDAR_VIEWS as readonly string[]).includes(view ?? "")
      ? (view as TCalendarView)
      : "month",
    date: isDay(date) ? date : today,
  };
}

/** The weeks (Monday to Sunday) that show the month of `date`: 4 to 6 rows of 7 days. */
export function monthWeeks(date: string): string[][] {
  const start = dayStart(date);
  const all = days(startOfWeek(startOfMonth(start), WEEK), endOfWeek(endOfMonth(start), WEEK));
  const weeks: string[][] = [];
  for (let i = 0; i < all.length; i += 7) weeks.push(all.slice(i, i + 7));
  return weeks;
}

/** Monday to Sunday of the week of `date`. */
export function weekDays(date: string): string[] {
  const start = startOfWeek(dayStart(date), WEEK);
  return days(start, endOfWeek(start, WEEK));
}

/** The days a view shows, first and last, for the api's filter[from] and filter[to]. */
export function viewRange(view: TCalendarView, date: string): { from: string; to: string } {
  if (view === "week") {
    const list = weekDays(date);
    return { from: list[0], to: list[6] };
  }
  if (view === "month") {
    const weeks = monthWeeks(date);
    return { from: weeks[0][0], to: weeks[weeks.length - 1][6] };
  }
  const start = startOfMonth(dayStart(date));
  return { from: format(start, "yyyy-MM-dd"), to: format(endOfMonth(start), "yyyy-MM-dd") };
}

/** The same view one step back or forward (a month for month and list, a week for week). */
export function shiftDate(view: TCalendarView, date: string, step: -1 | 1): string {
  const start = dayStart(date);
  const moved = view === "week" ? addWeeks(start, step) : addMonths(start, step);
  return format(moved, "yyyy-MM-dd");
}

/** The first day of the month of `date` ("2026-03-01"). */
export const monthOf = (date: string) => `${date.slice(0, 7)}-01`;

export type TTimed = {
  startsAt: string;
  endsAt: string | null;
  allDay: boolean;
};

/**
 * The Amsterdam days an activity takes place on. An all-day activity ends at midnight
 * after its last day (exclusive); a timed one on the day of its end, unless it ends at
 * midnight exactly, which belongs to the day before.
 */
export function activityDays(activity: TTimed): string[] {
  const first = dayOf(activity.startsAt);
  if (!activity.endsAt) return [first];
  const end = new Date(activity.endsAt);
  const endDay = dayOf(end);
  const atMidnight = dayStart(endDay).getTime() === end.getTime();
  const last =
    atMidnight && endDay > first ? format(addDays(dayStart(endDay), -1), "yyyy-MM-dd") : endDay;
  if (last <= first) return [first];
  return days(dayStart(first), dayStart(last));
}

/** The activities of each day in `dayList`, in their given order (a multi-day one on each). */
export function byDay<T extends TTimed>(activities: readonly T[], dayList: readonly string[]) {
  const map = new Map<string, T[]>(dayList.map((d) => [d, []]));
  for (const activity of activities) {
    for (const day of activityDays(activity)) map.get(day)?.push(activity);
  }
  return map;
}
