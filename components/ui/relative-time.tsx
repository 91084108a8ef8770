"use client";

import { useLocale, useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";
import { minuteClock } from "@/lib/format/minute-clock";
import {
  type DateInput,
  formatDateTime,
  formatRelativeTime,
  toDate,
} from "@/lib/format/relative-time";

type Props = {
  date: DateInput;
  /**
   * The server's "now" (`Date.now()` in the page that renders this). With it the server
   * HTML and the hydrating render already say '5 minutes ago'; without it they show the
   * absolute date and the relative text follows right after hydration.
   */
  now?: DateInput;
  className?: string;
};

/**
 * '5 minutes ago' in the active language ('just now' under 60 s, spec §9), refreshed every
 * minute in the browser. No hydration mismatch: the server and the hydrating render use
 * the `now` prop (or, without one, the absolute date); only later renders read the
 * browser's clock. The absolute date is the title and `dateTime` is machine-readable.
 */
export function RelativeTime({ date, now, className }: Props) {
  const locale = useLocale();
  const t = useTranslations("layout");
  const serverNow = now === undefined ? null : (toDate(now)?.getTime() ?? null);
  const clock = useSyncExternalStore<number | null>(
    minuteClock.subscribe,
    minuteClock.getSnapshot,
    () => serverNow,
  );
  const value = toDate(date);
  if (!value) return null;
  const absolute = formatDateTime(value, locale);
  return (
    <time dateTime={value.toISOString()} title={absolute} className={className}>
      {clock === null
        ? absolute
        : formatRelativeTime(value, { now: clock, locale, justNow: t("justNow") })}
    </time>
  );
}
