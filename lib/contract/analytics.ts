/**
 * What the api and the web both know about the analytics (docs/analytics.md): the range
 * a request may ask for, the default range, and the bounds of the lists it returns.
 */

export const ANALYTICS_LIMITS = {
  /** A range spans at most this many years: more would scan a centre's whole history. */
  maxYears: 5,
  /** Working days within which an application counts as answered in time. */
  answerWorkingDays: 7,
  /** The tags listed, most applied-for first. */
  topTags: 10,
  /** Organisations without activity named (all are counted). */
  organizationsListed: 50,
} as const;

export const ANALYTICS_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day `months` calendar months and `days` days from `day` (YYYY-MM-DD), on UTC noon. */
export function shiftDay(
  day: string,
  { months = 0, days = 0 }: { months?: number; days?: number },
) {
  const m = ANALYTICS_DAY.exec(day);
  if (!m) throw new Error(`not a day: ${day}`);
  const base = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1 + months, 1, 12));
  // The same day of the month, or the month's last when it has fewer (31 March - 1 month).
  const last = new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth() + 1, 0, 12));
  base.setUTCDate(Math.min(Number(m[3]), last.getUTCDate()));
  base.setUTCDate(base.getUTCDate() + days);
  return base.toISOString().slice(0, 10);
}

/** A real calendar day: 2026-02-30 is none. */
export function isDay(value: string): boolean {
  const m = ANALYTICS_DAY.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  return check.getUTCFullYear() === y && check.getUTCMonth() === mo - 1 && check.getUTCDate() === d;
}

/** The default range: the twelve months up to and including `today` (Amsterdam day). */
export function defaultRange(today: string): { from: string; to: string } {
  return { from: shiftDay(today, { months: -12, days: 1 }), to: today };
}

/** The earliest `from` a range ending on `to` may have. */
export function earliestFrom(to: string): string {
  return shiftDay(to, { months: -12 * ANALYTICS_LIMITS.maxYears, days: 1 });
}
