import { TZDate } from "@date-fns/tz";

/**
 * The dates of a recurring activity (docs/activity-writes.md, "Series"), in Dutch
 * wall-clock time: every `intervalWeeks` weeks on the first occurrence's weekday, at its
 * time of day, so an activity at 19:00 stays at 19:00 across the clock changes (its UTC
 * moment moves by the hour instead). Either until a day (inclusive) or for a count of the
 * rule's dates; an exception date among them is skipped, not replaced (as iCalendar's
 * EXDATE with COUNT). Shared by the api (backend/services/activities.ts makes the
 * occurrences) and the back office's form (which shows the dates before it sends the rule).
 */

export const SERIES_ZONE = "Europe/Amsterdam";
export const MAX_OCCURRENCES = 104;

export type TRecurrence = {
  intervalWeeks: number;
  /** YYYY-MM-DD, the last day an occurrence may fall on. */
  until?: string;
  count?: number;
  exceptionDates: readonly string[];
};

export type TOccurrence = { startsAt: Date; endsAt: Date | null; date: string };

const pad = (n: number) => String(n).padStart(2, "0");

/** The day (YYYY-MM-DD) a moment falls on in Amsterdam. */
export function amsterdamDate(moment: Date): string {
  const local = new TZDate(moment.getTime(), SERIES_ZONE);
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/** Whole calendar days from a's Amsterdam day to b's. */
export function amsterdamDaysBetween(a: Date, b: Date): number {
  const day = (d: Date) => {
    const local = new TZDate(d.getTime(), SERIES_ZONE);
    return Date.UTC(local.getFullYear(), local.getMonth(), local.getDate());
  };
  return Math.round((day(b) - day(a)) / 86_400_000);
}

/**
 * The wall-clock time of `clock` on the Amsterdam day of `day` moved by `shiftDays`: the
 * same hour and minute whatever the offset is that day.
 */
export function atWallClock(day: Date, shiftDays: number, clock: Date): Date {
  const d = new TZDate(day.getTime(), SERIES_ZONE);
  const c = new TZDate(clock.getTime(), SERIES_ZONE);
  const local = new TZDate(
    d.getFullYear(),
    d.getMonth(),
    d.getDate() + shiftDays,
    c.getHours(),
    c.getMinutes(),
    c.getSeconds(),
    SERIES_ZONE,
  );
  return new Date(local.getTime());
}

/**
 * The occurrences of the rule from the first one (`startsAt`, `endsAt`), exception dates
 * left out; null when the rule yields more than MAX_OCCURRENCES dates.
 */
export function occurrencesOf(
  first: { startsAt: Date; endsAt: Date | null },
  rule: TRecurrence,
): TOccurrence[] | null {
  const skipped = new Set(rule.exceptionDates);
  const endDays = first.endsAt ? amsterdamDaysBetween(first.startsAt, first.endsAt) : 0;
  const out: TOccurrence[] = [];
  for (let i = 0; ; i += 1) {
    if (rule.count !== undefined && i >= rule.count) break;
    const shift = i * 7 * rule.intervalWeeks;
    const startsAt = atWallClock(first.startsAt, shift, first.startsAt);
    const date = amsterdamDate(startsAt);
    if (rule.until !== undefined && date > rule.until) break;
    if (i >= MAX_OCCURRENCES) return null;
    const endsAt = first.endsAt ? atWallClock(first.startsAt, shift + endDays, first.endsAt) : null;
    if (!skipped.has(date)) out.push({ startsAt, endsAt, date });
  }
  return out;
}
