import { type AppLocale, timeZone } from "@/lib/i18n/config";

/** spec §9: relative time under 60 s shows 'just now'. */
export const JUST_NOW_SECONDS = 60;

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30.4375 * DAY;
const YEAR = 365.25 * DAY;

export type DateInput = Date | string | number;

/** A Date of `value`, or null when it names no moment (an empty or malformed string). */
export function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The largest unit that fits, counted toward zero: 119 s is '1 minute', not '2 minutes'. */
function unitOf(seconds: number): [number, Intl.RelativeTimeFormatUnit] {
  const abs = Math.abs(seconds);
  const count = (size: number) => Math.sign(seconds) * Math.floor(abs / size);
  if (abs < HOUR) return [count(MINUTE), "minute"];
  if (abs < DAY) return [count(HOUR), "hour"];
  if (abs < WEEK) return [count(DAY), "day"];
  if (abs < MONTH) return [count(WEEK), "week"];
  if (abs < YEAR) return [count(MONTH), "month"];
  return [count(YEAR), "year"];
}

/**
 * `date` relative to `now` in `locale` ('5 minuten geleden', 'in 3 hours'), or 'just now'
 * when they are less than a minute apart (either way: a clock a few seconds ahead of the
 * server's must not say 'in 10 seconds'). Numbers always, never 'yesterday': counted in
 * whole days, 30 hours ago may lie two calendar days back.
 */
export function formatRelativeTime(
  date: DateInput,
  {
    now,
    locale,
    justNow,
  }: { now: DateInput; locale: AppLocale /** messages layout.justNow */; justNow: string },
): string {
  const then = toDate(date);
  const reference = toDate(now);
  if (!then || !reference) return "";
  const seconds = (then.getTime() - reference.getTime()) / 1000;
  if (Math.abs(seconds) < JUST_NOW_SECONDS) return justNow;
  const [value, unit] = unitOf(seconds);
  return new Intl.RelativeTimeFormat(locale, { numeric: "always" }).format(value, unit);
}

/** The absolute date and time, in Dutch time whatever the machine's zone (same on server and browser). */
export function formatDateTime(date: DateInput, locale: AppLocale): string {
  const value = toDate(date);
  if (!value) return "";
  return new Intl.DateTimeFormat(locale, {
    dateStyle: "long",
    timeStyle: "short",
    timeZone,
  }).format(value);
}
