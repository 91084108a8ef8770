import { describe, expect, it } from "vitest";
import {
  activityDays,
  byDay,
  calendarParams,
  dayOf,
  monthWeeks,
  shiftDate,
  viewRange,
  weekDays,
} from "@/lib/activities/calendar";

// The activity calendar's grid (lib/activities/calendar.ts): days in Amsterdam, weeks from
// Monday, multi-day and all-day activities on every day they cover.

describe("monthWeeks", () => {
  it("starts on the Monday on or before the 1st and ends on the Sunday on or after the last", () => {
    // 1 March 2026 is a Sunday: the grid starts on Monday 23 February.
    const weeks = monthWeeks("2026-03-15");
    expect(weeks[0][0]).toBe("2026-02-23");
    expect(weeks[0][6]).toBe("2026-03-01");
    expect(weeks.at(-1)?.[6]).toBe("2026-04-05");
    expect(weeks).toHaveLength(6);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
  });

  it("has four rows for a February that starts on a Monday", () => {
    const weeks = monthWeeks("2027-02-10");
    expect(weeks).toHaveLength(4);
    expect(weeks[0][0]).toBe("2027-02-01");
    expect(weeks[3][6]).toBe("2027-02-28");
  });

  it("keeps every day once across the change to summer time", () => {
    // Summer time starts on Sunday 29 March 2026 (a 23-hour day).
    const flat = monthWeeks("2026-03-01").flat();
    expect(new Set(flat).size).toBe(flat.length);
    expect(flat).toContain("2026-03-29");
    expect(flat).toContain("2026-03-30");
  });
});

describe("weekDays", () => {
  it("is Monday to Sunday, across the change to winter time as well", () => {
    // Winter time starts on Sunday 25 October 2026 (a 25-hour day).
    expect(weekDays("2026-10-25")).toEqual([
      "2026-10-19",
      "2026-10-20",
      "2026-10-21",
      "2026-10-22",
      "2026-10-23",
      "2026-10-24",
      "2026-10-25",
    ]);
    expect(weekDays("2026-10-26")[0]).toBe("2026-10-26");
  });
});

describe("calendarParams, viewRange and shiftDate", () => {
  it("falls back to month and today for a missing or junk view or date", () => {
    expect(calendarParams({}, "2026-05-04")).toEqual({ view: "month", date: "2026-05-04" });
    expect(calendarParams({ view: "year", date: "2026-02-30" }, "2026-05-04")).toEqual({
      view: "month",
      date: "2026-05-04",
    });
    expect(calendarParams({ view: "week", date: "2026-01-07" }, "x")).toEqual({
      view: "week",
      date: "2026-01-07",
    });
  });

  it("asks the api for the days the view shows", () => {
    expect(viewRange("week", "2026-10-25")).toEqual({ from: "2026-10-19", to: "2026-10-25" });
    expect(viewRange("month", "2026-03-15")).toEqual({ from: "2026-02-23", to: "2026-04-05" });
    expect(viewRange("list", "2026-03-15")).toEqual({ from: "2026-03-01", to: "2026-03-31" });
  });

  it("moves a month for month and list, a week for week, keeping month ends valid", () => {
    expect(shiftDate("month", "2026-01-31", 1)).toBe("2026-02-28");
    expect(shiftDate("list", "2026-01-15", -1)).toBe("2025-12-15");
    expect(shiftDate("week", "2026-03-26", 1)).toBe("2026-04-02");
  });
});

describe("activityDays and byDay", () => {
  it("puts an evening activity on its Amsterdam day, not its UTC day", () => {
    // 23:30 UTC on 31 May is 01:30 on 1 June in Amsterdam (summer time).
    expect(dayOf("2026-05-31T23:30:00Z")).toBe("2026-06-01");
    expect(activityDays({ startsAt: "2026-05-31T23:30:00Z", endsAt: null, allDay: false })).toEqual(
      ["2026-06-01"],
    );
  });

  it("spreads a multi-day activity over every day it covers", () => {
    expect(
      activityDays({
        startsAt: "2026-05-28T07:00:00Z",
        endsAt: "2026-05-30T15:00:00Z",
        allDay: false,
      }),
    ).toEqual(["2026-05-28", "2026-05-29", "2026-05-30"]);
  });

  it("ends an all-day activity before the midnight it ends at, across a DST change", () => {
    // Three days from Saturday 28 March 2026, 00:00 Amsterdam (winter time, UTC+1), to
    // Tuesday 31 March 00:00 (summer time, UTC+2).
    expect(
      activityDays({
        startsAt: "2026-03-27T23:00:00Z",
        endsAt: "2026-03-30T22:00:00Z",
        allDay: true,
      }),
    ).toEqual(["2026-03-28", "2026-03-29", "2026-03-30"]);
    // One day.
    expect(
      activityDays({
        startsAt: "2026-06-09T22:00:00Z",
        endsAt: "2026-06-10T22:00:00Z",
        allDay: true,
      }),
    ).toEqual(["2026-06-10"]);
  });

  it("byDay lists each activity under its days, in order, and ignores days outside the view", () => {
    const a = {
      id: "a",
      startsAt: "2026-06-01T08:00:00Z",
      endsAt: "2026-06-02T10:00:00Z",
      allDay: false,
    };
    const b = { id: "b", startsAt: "2026-06-02T12:00:00Z", endsAt: null, allDay: false };
    const map = byDay([a, b], ["2026-06-02", "2026-06-03"]);
    expect(map.get("2026-06-02")?.map((x) => x.id)).toEqual(["a", "b"]);
    expect(map.get("2026-06-03")).toEqual([]);
    expect(map.has("2026-06-01")).toBe(false);
  });
});
