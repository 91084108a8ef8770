import { describe, expect, it } from "vitest";
import {
  activitiesToLookUp,
  hoursGiven,
  type TCommitmentActivity,
  upcomingRegistrations,
} from "@/lib/activity-registrations/commitment";
import type { TActivityRegistration } from "@/lib/activity-registrations/registration-types";

// "Je inzet" on /profiel without React: hours and which registrations are upcoming.

const activity = (id: string, startsAt: string, extra: Partial<TCommitmentActivity> = {}) => ({
  id,
  title: `Activiteit ${id}`,
  status: "published" as const,
  startsAt,
  endsAt: null,
  allDay: false,
  ...extra,
});

const registration = (
  id: string,
  activityId: number,
  extra: Partial<TActivityRegistration> = {},
): TActivityRegistration => ({
  id,
  status: "registered",
  waitlistPosition: null,
  activityId,
  userId: 3,
  attended: null,
  minutes: null,
  createdAt: "2026-11-01T10:00:00Z",
  cancelledAt: null,
  ...extra,
});

describe("hours given this year", () => {
  it("turns minutes into hours with at most one decimal", () => {
    expect(hoursGiven(0)).toBe(0);
    expect(hoursGiven(60)).toBe(1);
    expect(hoursGiven(750)).toBe(12.5);
    expect(hoursGiven(20)).toBe(0.3);
    expect(hoursGiven(-30)).toBe(0);
  });
});

describe("upcoming registrations", () => {
  const today = "2026-11-20";

  it("keeps what ends today or later, soonest first, and drops the past", () => {
    const rows = upcomingRegistrations(
      [
        registration("1", 1, { activity: activity("1", "2026-12-05T09:00:00Z") }),
        registration("2", 2, { activity: activity("2", "2026-11-19T09:00:00Z") }),
        registration("3", 3, { activity: activity("3", "2026-11-20T06:00:00Z") }),
        registration("4", 4, {
          activity: activity("4", "2026-11-18T09:00:00Z", { endsAt: "2026-11-21T16:00:00Z" }),
        }),
      ],
      new Map(),
      today,
    );
    expect(rows.map((row) => row.registration.id)).toEqual(["4", "3", "1"]);
  });

  it("days are Amsterdam days: 23:30 UTC on the 19th is already the 20th there", () => {
    const rows = upcomingRegistrations(
      [registration("1", 1, { activity: activity("1", "2026-11-19T23:30:00Z") })],
      new Map(),
      today,
    );
    expect(rows).toHaveLength(1);
  });

  it("uses the activities read apart where the list did not include them", () => {
    const list = [
      registration("1", 1, { activity: { id: "1" } }),
      registration("2", 2),
      registration("3", 3, { activity: activity("3", "2026-12-01T09:00:00Z") }),
    ];
    expect(activitiesToLookUp(list)).toEqual(["1", "2"]);
    const rows = upcomingRegistrations(
      list,
      new Map([["2", activity("2", "2026-11-25T09:00:00Z")]]),
      today,
    );
    // The one nobody could read stays, last, without its activity.
    expect(rows.map((row) => [row.registration.id, row.activity?.title ?? null])).toEqual([
      ["2", "Activiteit 2"],
      ["3", "Activiteit 3"],
      ["1", null],
    ]);
  });

  it("never lists a cancelled registration", () => {
    const rows = upcomingRegistrations(
      [
        registration("1", 1, {
          status: "cancelled",
          activity: activity("1", "2026-12-05T09:00:00Z"),
        }),
      ],
      new Map(),
      today,
    );
    expect(rows).toEqual([]);
  });
});
