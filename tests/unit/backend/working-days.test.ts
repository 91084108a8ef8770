import { describe, expect, it } from "vitest";
import {
  addWorkingDays,
  amsterdamDay,
  isPublicHoliday,
  isWorkingDay,
  workingDaysAfter,
  workingDaysBetween,
  workingDaysWaited,
} from "../../../backend/domain/working-days";

// Working days in Amsterdam (docs/reply-times.md): weekends and the Dutch public holidays
// do not count; Good Friday and 5 May do.

describe("which days are working days", () => {
  it("King's Day is the 27th, or the 26th when the 27th is a Sunday", () => {
    expect(isPublicHoliday("2026-04-27")).toBe(true); // a Monday
    expect(isPublicHoliday("2025-04-26")).toBe(true); // the 27th was a Sunday
    expect(isWorkingDay("2025-04-26")).toBe(false);
    expect(isWorkingDay("2026-04-27")).toBe(false);
  });

  it("weekends, Christmas, Easter Monday, Ascension and Whit Monday are days off", () => {
    for (const day of [
      "2026-04-25", // Saturday
      "2026-04-26", // Sunday
      "2026-12-25",
      "2026-12-26",
      "2026-04-06",
      "2026-05-14",
      "2026-05-25",
      "2027-01-01",
    ]) {
      expect(isWorkingDay(day), day).toBe(false);
    }
  });

  it("Good Friday, Liberation Day and New Year's Eve are working days", () => {
    expect(isWorkingDay("2026-04-03")).toBe(true);
    expect(isWorkingDay("2026-05-05")).toBe(true);
    expect(isWorkingDay("2026-12-31")).toBe(true);
  });
});

describe("addWorkingDays and workingDaysBetween", () => {
  it("skips a weekend", () => {
    expect(addWorkingDays("2026-03-13", 1)).toBe("2026-03-16"); // Friday → Monday
    expect(addWorkingDays("2026-03-09", 7)).toBe("2026-03-18");
    expect(workingDaysBetween("2026-03-13", "2026-03-16")).toBe(1);
    expect(workingDaysBetween("2026-03-14", "2026-03-15")).toBe(0);
  });

  it("skips King's Day and the weekend before it", () => {
    // Monday 20 April 2026: Tue–Fri are 1–4, Monday 27 is King's Day, Tue 28 is 5.
    expect(addWorkingDays("2026-04-20", 4)).toBe("2026-04-24");
    expect(addWorkingDays("2026-04-20", 5)).toBe("2026-04-28");
    expect(addWorkingDays("2026-04-20", 7)).toBe("2026-04-30");
    expect(addWorkingDays("2026-04-20", 10)).toBe("2026-05-05"); // Liberation Day counts
    expect(workingDaysBetween("2026-04-20", "2026-04-30")).toBe(7);
    expect(workingDaysBetween("2026-04-24", "2026-04-28")).toBe(1);
    // 2025: King's Day fell on Saturday the 26th, so Monday the 28th is an ordinary day.
    expect(addWorkingDays("2025-04-25", 1)).toBe("2025-04-28");
  });

  it("skips Christmas and Boxing Day", () => {
    expect(addWorkingDays("2026-12-24", 1)).toBe("2026-12-28"); // Thu → over Fri 25, Sat 26, Sun
    expect(addWorkingDays("2027-12-23", 1)).toBe("2027-12-24");
    expect(addWorkingDays("2027-12-24", 1)).toBe("2027-12-27"); // 25, 26 a weekend
    expect(workingDaysBetween("2026-12-23", "2027-01-04")).toBe(6); // 24, 28, 29, 30, 31 and 4 January
  });

  it("counts nothing backwards and zero days is the day itself", () => {
    expect(workingDaysBetween("2026-04-30", "2026-04-20")).toBe(0);
    expect(addWorkingDays("2026-04-25", 0)).toBe("2026-04-25");
    expect(() => addWorkingDays("2026-04-25", -1)).toThrow();
  });
});

describe("instants", () => {
  it("keeps the Amsterdam wall-clock time, across the clock change", () => {
    // Monday 20 April 2026, 14:00 CEST.
    const sent = new Date("2026-04-20T12:00:00Z");
    expect(workingDaysAfter(sent, 7).toISOString()).toBe("2026-04-30T12:00:00.000Z");
    // Friday 23 October 2026 10:00 CEST → Monday 26 October 10:00 CET (winter time).
    expect(workingDaysAfter(new Date("2026-10-23T08:00:00Z"), 1).toISOString()).toBe(
      "2026-10-26T09:00:00.000Z",
    );
  });

  it("reads the day in Amsterdam, not in UTC", () => {
    expect(amsterdamDay(new Date("2026-04-19T22:30:00Z"))).toBe("2026-04-20");
  });

  it("counts whole working days waited", () => {
    const sent = new Date("2026-04-20T12:00:00Z");
    expect(workingDaysWaited(sent, new Date("2026-04-30T11:59:59Z"))).toBe(6);
    expect(workingDaysWaited(sent, new Date("2026-04-30T12:00:00Z"))).toBe(7);
    expect(workingDaysWaited(sent, new Date("2026-04-26T12:00:00Z"))).toBe(4); // Sunday
    expect(workingDaysWaited(sent, new Date("2026-04-27T20:00:00Z"))).toBe(4); // King's Day
  });
});
