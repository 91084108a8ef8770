import { TZDate } from "@date-fns/tz";
import Holidays from "date-holidays";

/**
 * Working days as a Dutch organisation counts them (docs/reply-times.md): Monday to
 * Friday in Europe/Amsterdam, minus the Dutch public holidays. The holidays are
 * date-holidays' NL calendar, type "public" only: New Year, Easter Monday, King's Day
 * (the 26th when the 27th is a Sunday), Ascension Day, Whit Monday, Christmas and Boxing
 * Day. Good Friday and Liberation Day (5 May) are not generally days off in the
 * Netherlands (date-holidays files them as "school"), so they count as working days, as
 * does New Year's Eve ("bank").
 *
 * Days are "YYYY-MM-DD" strings of the Amsterdam calendar, so no function here depends on
 * the machine's own time zone.
 */

export const WORKING_DAYS_TIME_ZONE = "Europe/Amsterdam";

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const holidays = new Holidays("NL");
const publicHolidaysByYear = new Map<number, Set<string>>();

function publicHolidays(year: number): Set<string> {
  let days = publicHolidaysByYear.get(year);
  if (!days) {
    days = new Set(
      holidays
        .getHolidays(year)
        .filter((h) => h.type === "public")
        // date-holidays writes the local date first: "2026-04-27 00:00:00".
        .map((h) => h.date.slice(0, 10)),
    );
    publicHolidaysByYear.set(year, days);
  }
  return days;
}

function parts(day: string): [number, number, number] {
  const m = DAY.exec(day);
  if (!m) throw new Error(`not a day: ${day}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** Calendar arithmetic on UTC noon: no time zone or clock change can move the date. */
function shift(day: string, by: number): string {
  const [y, m, d] = parts(day);
  return new Date(Date.UTC(y, m - 1, d + by, 12)).toISOString().slice(0, 10);
}

export function isPublicHoliday(day: string): boolean {
  return publicHolidays(parts(day)[0]).has(day);
}

export function isWorkingDay(day: string): boolean {
  const [y, m, d] = parts(day);
  const weekday = new Date(Date.UTC(y, m - 1, d, 12)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isPublicHoliday(day);
}

/** The Amsterdam calendar day of an instant. */
export function amsterdamDay(instant: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: WORKING_DAYS_TIME_ZONE }).format(instant);
}

/**
 * The `n`th working day after `day` (n ≥ 0; 0 gives `day` itself, working day or not).
 * From a Friday, 1 working day on is the Monday (or the Tuesday when that Monday is a
 * holiday).
 */
export function addWorkingDays(day: string, n: number): string {
  if (!Number.isInteger(n) || n < 0) throw new Error(`not a count of days: ${n}`);
  let current = day;
  let left = n;
  while (left > 0) {
    current = shift(current, 1);
    if (isWorkingDay(current)) left -= 1;
  }
  return current;
}

/**
 * How many working days lie after `from` up to and including `to` (0 when `to` is not
 * after `from`): from a Monday to the Tuesday is 1, Friday to Monday is 1.
 */
export function workingDaysBetween(from: string, to: string): number {
  let count = 0;
  for (let current = shift(from, 1); current <= to; current = shift(current, 1)) {
    if (isWorkingDay(current)) count += 1;
  }
  return count;
}

/**
 * The moment `n` working days after `instant`: the same Amsterdam wall-clock time on the
 * `n`th working day after its day. An application sent on Monday at 14:00 has waited 7
 * working days on the next week's Wednesday at 14:00 (later when holidays fall between).
 */
export function workingDaysAfter(instant: Date, n: number): Date {
  const local = new TZDate(instant.getTime(), WORKING_DAYS_TIME_ZONE);
  const [y, m, d] = parts(addWorkingDays(amsterdamDay(instant), n));
  return new Date(
    new TZDate(
      y,
      m - 1,
      d,
      local.getHours(),
      local.getMinutes(),
      local.getSeconds(),
      local.getMilliseconds(),
      WORKING_DAYS_TIME_ZONE,
    ).getTime(),
  );
}

/**
 * Whole working days an application has waited at `now`: the working days passed since
 * its day, less one while today's wall-clock time is still before the time it was sent.
 */
export function workingDaysWaited(since: Date, now: Date): number {
  let days = workingDaysBetween(amsterdamDay(since), amsterdamDay(now));
  if (days > 0 && workingDaysAfter(since, days).getTime() > now.getTime()) days -= 1;
  return days;
}
