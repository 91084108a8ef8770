import { NextIntlClientProvider } from "next-intl";
import { type ComponentProps, createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RelativeTime } from "@/components/ui/relative-time";
import { CLOCK_INTERVAL_MS, createMinuteClock } from "@/lib/format/minute-clock";
import { formatDateTime, formatRelativeTime } from "@/lib/format/relative-time";
import { timeZone } from "@/lib/i18n/config";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";

type IntlProviderProps = ComponentProps<typeof NextIntlClientProvider>;

const NOW = new Date("2025-05-14T10:30:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("formatRelativeTime", () => {
  it("says 'just now' / 'zojuist' for anything under 60 seconds (spec §9)", () => {
    expect([en.layout.justNow, nl.layout.justNow]).toEqual(["just now", "zojuist"]);
    for (const ms of [0, 1 * SECOND, 59 * SECOND, 59_999]) {
      expect(
        formatRelativeTime(ago(ms), { now: NOW, locale: "en", justNow: en.layout.justNow }),
      ).toBe("just now");
      expect(
        formatRelativeTime(ago(ms), { now: NOW, locale: "nl", justNow: nl.layout.justNow }),
      ).toBe("zojuist");
    }
    // A clock a few seconds ahead does not make a fresh item 'in 5 seconds'.
    expect(
      formatRelativeTime(ago(-5 * SECOND), { now: NOW, locale: "en", justNow: en.layout.justNow }),
    ).toBe("just now");
  });

  it("counts whole minutes from 60 seconds on", () => {
    expect(
      formatRelativeTime(ago(60 * SECOND), { now: NOW, locale: "en", justNow: en.layout.justNow }),
    ).toBe("1 minute ago");
    expect(
      formatRelativeTime(ago(119 * SECOND), { now: NOW, locale: "en", justNow: en.layout.justNow }),
    ).toBe("1 minute ago");
    expect(
      formatRelativeTime(ago(5 * MINUTE), { now: NOW, locale: "en", justNow: en.layout.justNow }),
    ).toBe("5 minutes ago");
    expect(
      formatRelativeTime(ago(5 * MINUTE), { now: NOW, locale: "nl", justNow: nl.layout.justNow }),
    ).toBe("5 minuten geleden");
    expect(
      formatRelativeTime(ago(59 * MINUTE), { now: NOW, locale: "en", justNow: en.layout.justNow }),
    ).toBe("59 minutes ago");
  });

  it("switches to hours and days", () => {
    expect(
      formatRelativeTime(ago(HOUR), { now: NOW, locale: "en", justNow: en.layout.justNow }),
    ).toBe("1 hour ago");
    expect(
      formatRelativeTime(ago(3 * HOUR), { now: NOW, locale: "nl", justNow: nl.layout.justNow }),
    ).toBe("3 uur geleden");
    expect(
      formatRelativeTime(ago(23 * HOUR), { now: NOW, locale: "en", justNow: en.layout.justNow }),
    ).toBe("23 hours ago");
    // Numbers, not 'yesterday': 30 hours back may be two calendar days back.
    expect(
      formatRelativeTime(ago(30 * HOUR), { now: NOW, locale: "en", justNow: en.layout.justNow }),
    ).toBe("1 day ago");
    expect(
      formatRelativeTime(ago(2 * DAY), { now: NOW, locale: "nl", justNow: nl.layout.justNow }),
    ).toBe("2 dagen geleden");
  });

  it("uses weeks, months and years further back", () => {
    expect(
      formatRelativeTime(ago(8 * DAY), { now: NOW, locale: "en", justNow: en.layout.justNow }),
    ).toBe("1 week ago");
    expect(
      formatRelativeTime(ago(45 * DAY), { now: NOW, locale: "en", justNow: en.layout.justNow }),
    ).toBe("1 month ago");
    expect(
      formatRelativeTime(ago(400 * DAY), { now: NOW, locale: "nl", justNow: nl.layout.justNow }),
    ).toBe("1 jaar geleden");
  });

  it("speaks of the future", () => {
    expect(
      formatRelativeTime(ago(-10 * MINUTE), { now: NOW, locale: "en", justNow: en.layout.justNow }),
    ).toBe("in 10 minutes");
    expect(
      formatRelativeTime(ago(-10 * MINUTE), { now: NOW, locale: "nl", justNow: nl.layout.justNow }),
    ).toBe("over 10 minuten");
    expect(
      formatRelativeTime(ago(-3 * DAY), { now: NOW, locale: "en", justNow: en.layout.justNow }),
    ).toBe("in 3 days");
  });

  it("accepts ISO strings and timestamps, and gives nothing for an invalid date", () => {
    expect(
      formatRelativeTime("2025-05-14T10:00:00Z", {
        now: NOW.getTime(),
        locale: "en",
        justNow: en.layout.justNow,
      }),
    ).toBe("30 minutes ago");
    expect(
      formatRelativeTime("not a date", { now: NOW, locale: "en", justNow: en.layout.justNow }),
    ).toBe("");
  });
});

describe("formatDateTime", () => {
  it("writes the date in Dutch time whatever the machine's zone", () => {
    expect(formatDateTime(NOW, "nl")).toMatch(/14 mei 2025.*12:30/);
    expect(formatDateTime(NOW, "en")).toMatch(/May 14, 2025.*12:30/);
  });
});

describe("the minute clock", () => {
  afterEach(() => vi.useRealTimers());

  it("ticks once a minute while something listens, and stops when nothing does", () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    const clock = createMinuteClock();
    const listener = vi.fn();
    const unsubscribe = clock.subscribe(listener);
    expect(clock.getSnapshot()).toBe(NOW.getTime());

    vi.advanceTimersByTime(CLOCK_INTERVAL_MS - 1);
    expect(listener).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(clock.getSnapshot()).toBe(NOW.getTime() + CLOCK_INTERVAL_MS);

    unsubscribe();
    vi.advanceTimersByTime(5 * CLOCK_INTERVAL_MS);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("<RelativeTime> on the server", () => {
  const render = (props: Parameters<typeof RelativeTime>[0], locale: "nl" | "en" = "en") =>
    renderToString(
      createElement(
        NextIntlClientProvider,
        // children come as the third argument
        { locale, messages: locale === "nl" ? nl : en, timeZone } as IntlProviderProps,
        createElement(RelativeTime, props),
      ),
    );

  it("renders the absolute date without a server 'now', so hydration cannot disagree", () => {
    const html = render({ date: ago(5 * MINUTE) });
    expect(html).toContain(`dateTime="${ago(5 * MINUTE).toISOString()}"`);
    expect(html).toContain("May 14, 2025");
    expect(html).not.toContain("ago");
  });

  it("renders the relative text against the server's 'now' when given one, with the date as title", () => {
    const html = render({ date: ago(5 * MINUTE), now: NOW }, "nl");
    expect(html).toMatch(/<time[^>]*title="14 mei 2025[^"]*"[^>]*>5 minuten geleden<\/time>/);
    expect(render({ date: ago(10 * SECOND), now: NOW }, "nl")).toContain(">zojuist<");
  });

  it("renders nothing for an invalid date", () => {
    expect(render({ date: "nope", now: NOW })).toBe("");
  });
});
