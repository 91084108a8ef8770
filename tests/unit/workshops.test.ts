import { describe, expect, it } from "vitest";
import {
  certificateOf,
  certificatePath,
  myWorkshops,
  type TWorkshopRegistration,
} from "@/lib/workshops/my-workshops";

const NOW = Date.parse("2026-06-10T12:00:00Z");
const DAY = 86_400_000;

let next = 0;
function place(
  days: number,
  extra: Partial<TWorkshopRegistration> = {},
  kind: "workshop" | "activity" = "workshop",
): TWorkshopRegistration {
  next += 1;
  return {
    id: String(next),
    status: "registered",
    waitlistPosition: null,
    activityId: next,
    userId: 7,
    attended: null,
    minutes: null,
    createdAt: "2026-01-01T00:00:00Z",
    cancelledAt: null,
    firstName: "Daan",
    lastName: "Smit",
    email: "daan@example.test",
    activity: {
      id: String(next),
      kind,
      title: `Workshop ${next}`,
      status: "published",
      startsAt: new Date(NOW + days * DAY).toISOString(),
      endsAt: new Date(NOW + days * DAY + 2 * 3600_000).toISOString(),
      allDay: false,
      volunteerCenterName: "Vrijwilligerscentrum",
    },
    ...extra,
  };
}

describe("myWorkshops", () => {
  it("keeps workshops only: those to come soonest first, then those begun latest first", () => {
    const later = place(20);
    const soon = place(2);
    const longAgo = place(-30, { attended: true, minutes: 120 });
    const recent = place(-3);
    const plain = place(5, {}, "activity");
    const rows = myWorkshops([later, longAgo, plain, soon, recent], NOW);
    expect(rows.map((r) => r.registration.id)).toEqual([soon.id, later.id, recent.id, longAgo.id]);
  });

  it("says where the caller stands: a place, the waiting list, present, absent, not recorded", () => {
    const rows = myWorkshops(
      [
        place(3),
        place(4, { status: "waitlisted", waitlistPosition: 2 }),
        place(-1, { attended: true, minutes: 90 }),
        place(-2, { attended: false }),
        place(-3),
      ],
      NOW,
    );
    expect(rows.map((r) => r.state)).toEqual([
      "registered",
      "waitlisted",
      "attended",
      "absent",
      "unrecorded",
    ]);
  });

  it("leaves out a place whose activity came without its kind or title", () => {
    const bare = { ...place(3), activity: { id: "99" } };
    expect(myWorkshops([bare], NOW)).toEqual([]);
  });
});

describe("certificateOf", () => {
  it("is the holder's, with their name, the workshop, its hours and the centre", () => {
    const attended = place(-5, { attended: true, minutes: 150 });
    expect(certificateOf(attended, "7")).toMatchObject({
      name: "Daan Smit",
      title: attended.activity?.title,
      hours: 2.5,
      centre: "Vrijwilligerscentrum",
    });
    expect(certificatePath(attended.id)).toBe(`/workshops/${attended.id}/certificaat`);
  });

  it("is nobody else's, and not there before attendance, after absence or for an activity", () => {
    const attended = place(-5, { attended: true, minutes: 150 });
    expect(certificateOf(attended, "8")).toBeNull();
    expect(certificateOf(attended, undefined)).toBeNull();
    expect(certificateOf(place(-5), "7")).toBeNull();
    expect(certificateOf(place(-5, { attended: false }), "7")).toBeNull();
    expect(certificateOf(place(-5, { attended: true, minutes: 60 }, "activity"), "7")).toBeNull();
  });

  it("falls back to the address without a name, and leaves the hours out without minutes", () => {
    const unnamed = place(-5, { attended: true, firstName: null, lastName: null });
    expect(certificateOf(unnamed, "7")).toMatchObject({ name: "daan@example.test", hours: null });
  });
});
