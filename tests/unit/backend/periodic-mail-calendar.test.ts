import { describe, expect, it } from "vitest";
import {
  amsterdamDate,
  duePeriods,
  firstWorkingDayOfMonth,
  firstWorkingDayOfWeek,
  isDutchWorkingDay,
} from "../../../backend/domain/periodic-mail-calendar";

// When the periodic mail goes out (docs/matching.md): the first Dutch working day of the
// week or month. 2026: King's Day is Monday 27 April, 1 August is a Saturday.

describe("the periodic mail's calendar", () => {
  it("knows weekends and Dutch public holidays", () => {
    expect(isDutchWorkingDay("2026-04-24")).toBe(true); // Friday
    expect(isDutchWorkingDay("2026-04-25")).toBe(false); // Saturday
    expect(isDutchWorkingDay("2026-04-27")).toBe(false); // King's Day
    expect(isDutchWorkingDay("2026-04-06")).toBe(false); // Easter Monday
    expect(isDutchWorkingDay("2026-01-01")).toBe(false); // New Year's Day
    expect(isDutchWorkingDay("2026-12-31")).toBe(true); // New Year's Eve is a working day
  });

  it("moves the weekly mail off a holiday Monday to Tuesday", () => {
    expect(firstWorkingDayOfWeek("2026-04-30")).toBe("2026-04-28");
    expect(duePeriods("2026-04-27")).toEqual([]);
    expect(duePeriods("2026-04-28")).toEqual([{ frequency: "weekly", key: "week-2026-04-27" }]);
    expect(duePeriods("2026-05-04")).toEqual([{ frequency: "weekly", key: "week-2026-05-04" }]);
  });

  it("moves the monthly mail off a weekend or a holiday to the next working day", () => {
    expect(firstWorkingDayOfMonth("2026-08-20")).toBe("2026-08-03");
    expect(duePeriods("2026-08-01")).toEqual([]);
    expect(duePeriods("2026-08-03")).toEqual([
      { frequency: "weekly", key: "week-2026-08-03" },
      { frequency: "monthly", key: "month-2026-08" },
    ]);
    expect(firstWorkingDayOfMonth("2026-01-15")).toBe("2026-01-02");
    expect(duePeriods("2026-05-01")).toEqual([{ frequency: "monthly", key: "month-2026-05" }]);
  });

  it("reads the date in Amsterdam", () => {
    // 23:30 UTC on 27 April is already 28 April in summer time.
    expect(amsterdamDate(new Date("2026-04-27T23:30:00Z"))).toBe("2026-04-28");
  });
});
