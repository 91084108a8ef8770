import { describe, expect, it } from "vitest";
import { AppError } from "../../../backend/errors";
import { analyticsRange, parseRange } from "../../../backend/routes/analytics";
import { defaultRange, earliestFrom, shiftDay } from "../../../lib/contract/analytics";

// The analytics' period (docs/analytics.md): Amsterdam days, both included; twelve months
// by default; at most five years; the moments, days and weeks the statements read.

const TODAY = "2026-11-26";
const refusal = (query: Record<string, string>) => {
  try {
    parseRange(query, TODAY);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).items?.[0]?.source;
  }
  throw new Error("not refused");
};

describe("the range", () => {
  it("is the twelve months up to today without filters", () => {
    expect(defaultRange(TODAY)).toEqual({ from: "2025-11-27", to: TODAY });
    expect(parseRange({}, TODAY)).toEqual({ from: "2025-11-27", to: TODAY });
  });

  it("fills the missing end from the given one", () => {
    expect(parseRange({ "filter[from]": "2026-01-01" }, TODAY)).toEqual({
      from: "2026-01-01",
      to: TODAY,
    });
    expect(parseRange({ "filter[to]": "2024-02-29" }, TODAY)).toEqual({
      from: "2023-03-01",
      to: "2024-02-29",
    });
    expect(parseRange({ "filter[from]": "2027-03-01" }, TODAY)).toEqual({
      from: "2027-03-01",
      to: "2028-02-29",
    });
  });

  it("moves by calendar months, to the month's last day where it is shorter", () => {
    expect(shiftDay("2026-03-31", { months: -1 })).toBe("2026-02-28");
    expect(shiftDay("2024-03-31", { months: -1 })).toBe("2024-02-29");
    expect(earliestFrom("2025-01-01")).toBe("2020-01-02");
  });

  it("refuses no day, to before from and more than five years, naming the parameter", () => {
    expect(refusal({ "filter[from]": "2026-02-30" })).toEqual({ parameter: "filter[from]" });
    expect(refusal({ "filter[to]": "26-11-2026" })).toEqual({ parameter: "filter[to]" });
    expect(refusal({ "filter[from]": "2026-03-02", "filter[to]": "2026-03-01" })).toEqual({
      parameter: "filter[to]",
    });
    expect(refusal({ "filter[from]": "2020-01-01", "filter[to]": "2025-01-01" })).toEqual({
      parameter: "filter[from]",
    });
    expect(parseRange({ "filter[from]": "2020-01-02", "filter[to]": "2025-01-01" })).toEqual({
      from: "2020-01-02",
      to: "2025-01-01",
    });
  });
});

describe("the moments a range reads", () => {
  it("starts each day at Amsterdam midnight, across the clock change", () => {
    const range = analyticsRange({ from: "2026-03-28", to: "2026-03-30" });
    expect(range.from.toISOString()).toBe("2026-03-27T23:00:00.000Z");
    expect(range.to.toISOString()).toBe("2026-03-30T22:00:00.000Z");
    expect(range.days.starts).toEqual([
      "2026-03-27T23:00:00.000Z",
      "2026-03-28T23:00:00.000Z",
      "2026-03-29T22:00:00.000Z",
    ]);
  });

  it("dues each day 7 working days on, past weekends and Dutch holidays", () => {
    const range = analyticsRange({ from: "2026-04-24", to: "2026-04-24" });
    // Friday 24 April: Monday 27 April is King's Day, so the seventh working day is 6 May.
    expect(range.days.dues).toEqual(["2026-05-06"]);
  });

  it("lists every week that overlaps the range by its Monday", () => {
    const range = analyticsRange({ from: "2020-01-01", to: "2020-12-31" });
    expect(range.weeks.mondays[0]).toBe("2019-12-30");
    expect(range.weeks.mondays.at(-1)).toBe("2020-12-28");
    expect(range.weeks.mondays).toHaveLength(53);
  });
});
