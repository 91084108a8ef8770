import { describe, expect, it } from "vitest";
import { cleanupJobsSchedule } from "../../backend/jobs/cleanup";
import { defaultSchedules } from "../../backend/jobs/index";
import {
  CATCH_UP_MS,
  checkSchedules,
  dueOccurrence,
  nextOccurrences,
  occurrenceKey,
} from "../../backend/jobs/schedules";

// Schedules are read in Europe/Amsterdam (docs/jobs.md): 03:30 is 03:30 Dutch time in
// winter (UTC+1) and in summer (UTC+2), and the nights the clocks change are handled as
// cron does. 2026: summer time starts Sunday 29 March, ends Sunday 25 October.
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe("cron schedules in Europe/Amsterdam", () => {
  it("the nightly cleanup runs at 03:30 Dutch time across the start of summer time", () => {
    expect(
      iso(nextOccurrences(cleanupJobsSchedule.cron, new Date("2026-03-27T12:00:00Z"), 4)),
    ).toEqual([
      "2026-03-28T02:30:00.000Z", // Saturday, CET (UTC+1)
      "2026-03-29T01:30:00.000Z", // Sunday, CEST (UTC+2) from 02:00
      "2026-03-30T01:30:00.000Z",
      "2026-03-31T01:30:00.000Z",
    ]);
  });

  it("and across the end of summer time", () => {
    expect(
      iso(nextOccurrences(cleanupJobsSchedule.cron, new Date("2026-10-23T12:00:00Z"), 4)),
    ).toEqual([
      "2026-10-24T01:30:00.000Z", // Saturday, CEST
      "2026-10-25T02:30:00.000Z", // Sunday, CET from 03:00 CEST
      "2026-10-26T02:30:00.000Z",
      "2026-10-27T02:30:00.000Z",
    ]);
  });

  it("a time that does not exist runs at the first moment after it; one that occurs twice runs once", () => {
    // 02:30 on 29 March does not exist (02:00 → 03:00): it runs at 03:00 CEST.
    expect(iso(nextOccurrences("30 2 * * *", new Date("2026-03-28T12:00:00Z"), 2))).toEqual([
      "2026-03-29T01:00:00.000Z",
      "2026-03-30T00:30:00.000Z",
    ]);
    // 02:30 on 25 October happens twice (CEST, then CET): one run, the first.
    expect(iso(nextOccurrences("30 2 * * *", new Date("2026-10-24T12:00:00Z"), 2))).toEqual([
      "2026-10-25T00:30:00.000Z",
      "2026-10-26T01:30:00.000Z",
    ]);
    // Hourly through that night: 01:00 CEST … 02:00 CEST, 02:00 CET (an hour later), 03:00 CET.
    const hourly = iso(nextOccurrences("0 * * * *", new Date("2026-10-24T23:30:00Z"), 4));
    expect(hourly[0]).toBe("2026-10-25T00:00:00.000Z");
    expect(new Set(hourly).size).toBe(hourly.length);
  });

  it("the due occurrence is the latest at or before now, while younger than a day", () => {
    const schedule = { cron: "30 3 * * *" };
    expect(dueOccurrence(schedule, new Date("2026-03-29T01:29:59Z"))?.toISOString()).toBe(
      "2026-03-28T02:30:00.000Z",
    );
    expect(dueOccurrence(schedule, new Date("2026-03-29T01:30:00Z"))?.toISOString()).toBe(
      "2026-03-29T01:30:00.000Z",
    );
    // A weekly schedule whose last occurrence is older than CATCH_UP_MS is not replayed.
    const weekly = { cron: "0 9 * * 1" }; // Mondays 09:00
    const monday = new Date("2026-06-01T07:00:00Z");
    expect(dueOccurrence(weekly, new Date(monday.getTime() + CATCH_UP_MS))?.toISOString()).toBe(
      monday.toISOString(),
    );
    expect(dueOccurrence(weekly, new Date(monday.getTime() + CATCH_UP_MS + 1))).toBeNull();
  });

  it("keys an occurrence by schedule and instant, the same in every process", () => {
    expect(occurrenceKey({ name: "jobs.cleanup.daily" }, new Date("2026-10-25T02:30:00Z"))).toBe(
      "jobs.cleanup.daily@2026-10-25T02:30:00.000Z",
    );
  });

  it("refuses an expression croner cannot read and a name used twice", () => {
    expect(() => defaultSchedules()).not.toThrow();
    expect(() => checkSchedules([{ ...cleanupJobsSchedule, cron: "61 * * * *" }])).toThrow();
    expect(() => checkSchedules([cleanupJobsSchedule, cleanupJobsSchedule])).toThrow(/twice/);
  });
});
