import { describe, expect, it } from "vitest";
import {
  amsterdamDate,
  MAX_OCCURRENCES,
  occurrencesOf,
} from "../../../backend/domain/activity-recurrence";
import { ACTIVITY_RULES, activityTransition } from "../../../backend/domain/activity-status";

// The dates of a series (docs/activity-writes.md, "Series") and the activity status machine
// (docs/status-machines.md, "Activities").

const clock = (d: Date) =>
  new Intl.DateTimeFormat("nl-NL", {
    timeZone: "Europe/Amsterdam",
    hour: "2-digit",
    minute: "2-digit",
  }).format(d);

describe("occurrencesOf", () => {
  it("keeps 19:00 at 19:00 across both clock changes", () => {
    const first = { startsAt: new Date("2030-03-17T19:00:00+01:00"), endsAt: null };
    const found = occurrencesOf(first, { intervalWeeks: 1, count: 34, exceptionDates: [] });
    expect(found).toHaveLength(34);
    expect(found?.every((o) => clock(o.startsAt) === "19:00")).toBe(true);
    // Sunday 2030-03-31 is the first day of summer time, 2030-10-27 the first of winter time.
    expect(found?.[1].startsAt.toISOString()).toBe("2030-03-24T18:00:00.000Z");
    expect(found?.[2].startsAt.toISOString()).toBe("2030-03-31T17:00:00.000Z");
    expect(found?.[32].startsAt.toISOString()).toBe("2030-10-27T18:00:00.000Z");
  });

  it("keeps the end's time of day and its distance in days", () => {
    const first = {
      startsAt: new Date("2030-10-19T22:00:00+02:00"),
      endsAt: new Date("2030-10-20T01:00:00+02:00"),
    };
    const [, second] =
      occurrencesOf(first, { intervalWeeks: 1, count: 2, exceptionDates: [] }) ?? [];
    expect(clock(second.startsAt)).toBe("22:00");
    expect(second.endsAt && clock(second.endsAt)).toBe("01:00");
    expect(second.endsAt && amsterdamDate(second.endsAt)).toBe("2030-10-27");
  });

  it("runs every N weeks until a day, that day included", () => {
    const first = { startsAt: new Date("2030-01-07T10:00:00+01:00"), endsAt: null };
    const found = occurrencesOf(first, {
      intervalWeeks: 3,
      until: "2030-03-11",
      exceptionDates: [],
    });
    expect(found?.map((o) => o.date)).toEqual([
      "2030-01-07",
      "2030-01-28",
      "2030-02-18",
      "2030-03-11",
    ]);
  });

  it("skips exception dates without replacing them", () => {
    const first = { startsAt: new Date("2030-01-07T10:00:00+01:00"), endsAt: null };
    const found = occurrencesOf(first, {
      intervalWeeks: 1,
      count: 4,
      exceptionDates: ["2030-01-14", "2030-01-07", "2031-01-01"],
    });
    expect(found?.map((o) => o.date)).toEqual(["2030-01-21", "2030-01-28"]);
  });

  it("allows 104 dates and no more", () => {
    const first = { startsAt: new Date("2030-01-07T10:00:00+01:00"), endsAt: null };
    const count = occurrencesOf(first, { intervalWeeks: 1, count: 104, exceptionDates: [] });
    expect(count).toHaveLength(MAX_OCCURRENCES);
    const last = count?.[103].date as string;
    expect(
      occurrencesOf(first, { intervalWeeks: 1, until: last, exceptionDates: [] }),
    ).toHaveLength(104);
    const next = new Date(`${last}T12:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 7);
    const beyond = next.toISOString().slice(0, 10);
    expect(
      occurrencesOf(first, { intervalWeeks: 1, until: beyond, exceptionDates: [] }),
    ).toBeNull();
  });
});

describe("the activity status machine", () => {
  it("goes draft → published → cancelled, and no further", () => {
    expect(ACTIVITY_RULES).toEqual({
      draft: ["published"],
      published: ["cancelled"],
      cancelled: [],
    });
    expect(activityTransition("draft", "published")).toBe(true);
    expect(activityTransition("published", "cancelled")).toBe(true);
    expect(activityTransition("cancelled", "published")).toBe(false);
    expect(activityTransition("draft", "cancelled")).toBe(false);
    expect(activityTransition("published", "draft")).toBe(false);
    expect(activityTransition("cancelled", "cancelled")).toBe(true);
  });
});
