import type { TPeriodicMailFrequency } from "../../lib/contract/volunteer-profile";
import { amsterdamDay, isWorkingDay } from "./working-days";

/**
 * When the periodic vacancy mail goes out (docs/matching.md, "The periodic mail"): at 08:00
 * Dutch time on the first Dutch working day of the week (weekly) or of the month (monthly).
 * A Monday that is a public holiday (Easter Monday, King's Day on a Monday, Whit Monday)
 * moves the weekly mail to Tuesday; a 1st on a weekend or a holiday (New Year's Day) moves
 * the monthly mail to the next working day. Nobody reads a vacancy mail on a day off, and the
 * centres that could answer a reply are closed.
 *
 * Days are calendar dates in Europe/Amsterdam, "YYYY-MM-DD".
 */

/** The date in the Netherlands at `now`. */
export const amsterdamDate = amsterdamDay;

/** Noon UTC of a date: a moment inside that day in Amsterdam whatever the season. */
const noon = (day: string) => new Date(`${day}T12:00:00Z`);
const shift = (day: string, days: number) =>
  new Date(noon(day).getTime() + days * 86_400_000).toISOString().slice(0, 10);
/** 1 Monday … 7 Sunday. */
const isoWeekday = (day: string) => ((noon(day).getUTCDay() + 6) % 7) + 1;

/** A weekday that is no Dutch public holiday: the reply-time reminders' working day. */
export const isDutchWorkingDay = isWorkingDay;

function firstWorkingDayFrom(day: string, within: (d: string) => boolean): string | null {
  for (let d = day; within(d); d = shift(d, 1)) {
    if (isDutchWorkingDay(d)) return d;
  }
  return null;
}

export const mondayOf = (day: string) => shift(day, 1 - isoWeekday(day));

/** The first working day of the week (Monday to Sunday) that holds `day`. */
export function firstWorkingDayOfWeek(day: string): string | null {
  const monday = mondayOf(day);
  const sunday = shift(monday, 6);
  return firstWorkingDayFrom(monday, (d) => d <= sunday);
}

/** The first working day of the month that holds `day`. */
export function firstWorkingDayOfMonth(day: string): string | null {
  const month = day.slice(0, 7);
  return firstWorkingDayFrom(`${month}-01`, (d) => d.startsWith(month));
}

export type TDuePeriod = {
  frequency: Exclude<TPeriodicMailFrequency, "never">;
  /** Names the period in idempotency keys: the week's Monday ("week-2026-04-27") or the
   *  month ("month-2026-05"). */
  key: string;
};

/** The mails due on `day`: none, the weekly one, the monthly one or both. */
export function duePeriods(day: string): TDuePeriod[] {
  const due: TDuePeriod[] = [];
  if (firstWorkingDayOfWeek(day) === day) {
    due.push({ frequency: "weekly", key: `week-${mondayOf(day)}` });
  }
  if (firstWorkingDayOfMonth(day) === day) {
    due.push({ frequency: "monthly", key: `month-${day.slice(0, 7)}` });
  }
  return due;
}

/**
 * Where the first mail after the volunteer switched it on starts counting: one period back
 * from `now` (7 days, or the same day of the previous month).
 */
export function firstMailSince(frequency: TDuePeriod["frequency"], now: Date): Date {
  if (frequency === "weekly") return new Date(now.getTime() - 7 * 86_400_000);
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - 1);
  return since;
}
