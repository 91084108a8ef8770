import { describe, expect, it } from "vitest";
import {
  activityFormValues,
  activityMoments,
  activityPatchDocument,
  EMPTY_ACTIVITY_FORM,
  newActivityDocument,
  seriesPreview,
  type TActivityFormValues,
  type TEditedActivity,
} from "@/lib/activities/activity-form";
import { activityWriter, writableDesks, writesActivities } from "@/lib/activities/activity-writers";
import { toSnakeCase } from "@/lib/api/case";
import { ZActivityAttributes, ZActivitySeriesAttributes } from "@/lib/contract/activities";

// The activity form's model (docs/activity-form.md): Dutch wall-clock times to the api's
// moments and back, the documents of POST /activities, POST /activity_series and PATCH,
// the series' dates and the desks one may choose.

const FILLED: TActivityFormValues = {
  ...EMPTY_ACTIVITY_FORM,
  title: "  Taalcafé ",
  summary: "",
  description: "<p>Samen praten</p>",
  startDate: "2027-03-25",
  startTime: "19:00",
  endTime: "21:30",
  deskId: "4",
  street: "Educalaan 3",
  postalCode: "8251 GB",
  city: "Dronten",
  capacity: "12",
  registrationUrl: "",
};

const STORED: TEditedActivity = {
  id: "31",
  title: "Taalcafé",
  status: "published",
  startsAt: "2027-03-25T18:00:00.000Z",
  endsAt: "2027-03-25T20:30:00.000Z",
  allDay: false,
  capacity: 12,
  registrationsCount: 3,
  waitlistCount: 0,
  deskId: 4,
  updatedAt: "2027-01-01T10:00:00.000Z",
  summary: null,
  description: "<p>Samen praten</p>",
  online: false,
  locationName: null,
  street: "Educalaan 3",
  postalCode: "8251 GB",
  city: "Dronten",
  registrationUrl: null,
  imageUrl: null,
  volunteerCenterId: 2,
  seriesId: 5,
};

const parsed = (attributes: Record<string, unknown>) =>
  toSnakeCase(attributes) as Record<string, unknown>;

describe("the activity form's moments", () => {
  it("reads a time as Amsterdam's, summer and winter", () => {
    expect(activityMoments({ ...FILLED, startDate: "2027-01-14" })).toEqual({
      startsAt: "2027-01-14T19:00:00.000+01:00",
      endsAt: "2027-01-14T21:30:00.000+01:00",
    });
    expect(activityMoments(FILLED).startsAt).toBe("2027-03-25T19:00:00.000+01:00");
    expect(activityMoments({ ...FILLED, startDate: "2027-04-01" }).startsAt).toBe(
      "2027-04-01T19:00:00.000+02:00",
    );
  });

  it("ends an all-day activity at the midnight after its last day, and has no end without an end time", () => {
    expect(
      activityMoments({
        ...FILLED,
        allDay: true,
        startTime: "",
        endTime: "",
        endDate: "2027-03-27",
      }),
    ).toEqual({
      startsAt: "2027-03-25T00:00:00.000+01:00",
      endsAt: "2027-03-28T00:00:00.000+01:00",
    });
    expect(activityMoments({ ...FILLED, endTime: "" }).endsAt).toBeNull();
    expect(activityMoments({ ...FILLED, endDate: "2027-03-26", endTime: "01:00" }).endsAt).toBe(
      "2027-03-26T01:00:00.000+01:00",
    );
  });

  it("gives back a stored activity's day and times, an all-day one's last day too", () => {
    const values = activityFormValues(STORED);
    expect(values).toMatchObject({
      startDate: "2027-03-25",
      startTime: "19:00",
      endDate: "",
      endTime: "21:30",
      deskId: "4",
      capacity: "12",
      registrationUrl: "",
    });
    expect(activityMoments(values)).toEqual({
      startsAt: "2027-03-25T19:00:00.000+01:00",
      endsAt: "2027-03-25T21:30:00.000+01:00",
    });
    const allDay = activityFormValues({
      ...STORED,
      allDay: true,
      startsAt: "2027-06-30T22:00:00.000Z",
      endsAt: "2027-07-02T22:00:00.000Z",
    });
    expect(allDay).toMatchObject({
      startDate: "2027-07-01",
      endDate: "2027-07-02",
      startTime: "",
      endTime: "",
    });
  });
});

describe("the documents it sends", () => {
  it("adds one activity at a desk, as the contract takes it", () => {
    const { data } = newActivityDocument(FILLED, { centreId: "2" });
    expect(data.type).toBe("activities");
    expect(data.relationships).toEqual({ desk: { data: { type: "desks", id: "4" } } });
    expect(data.attributes).toMatchObject({
      title: "Taalcafé",
      summary: null,
      startsAt: "2027-03-25T19:00:00.000+01:00",
      endsAt: "2027-03-25T21:30:00.000+01:00",
      allDay: false,
      capacity: 12,
      registrationUrl: null,
      postalCode: "8251 GB",
    });
    expect(ZActivityAttributes.safeParse(parsed(data.attributes)).success).toBe(true);
  });

  it("sends the kind: a workshop when ticked, else an ordinary activity; an edit sends it only when it changes", () => {
    expect(newActivityDocument(FILLED).data.attributes).toMatchObject({ kind: "activity" });
    const { data } = newActivityDocument({ ...FILLED, workshop: true });
    expect(data.attributes).toMatchObject({ kind: "workshop" });
    expect(ZActivityAttributes.safeParse(parsed(data.attributes)).success).toBe(true);

    const workshop = activityFormValues({ ...STORED, kind: "workshop" });
    expect(workshop.workshop).toBe(true);
    expect(activityFormValues(STORED).workshop).toBe(false);
    expect(activityPatchDocument("31", workshop, workshop).data.attributes).toEqual({});
    expect(
      activityPatchDocument("31", { ...workshop, workshop: false }, workshop).data.attributes,
    ).toEqual({ kind: "activity" });
  });

  it("clears the place of an online activity", () => {
    const { data } = newActivityDocument({ ...FILLED, online: true, locationName: "Zaal 2" });
    expect(data.attributes).toMatchObject({
      online: true,
      locationName: null,
      street: null,
      postalCode: null,
      city: null,
    });
  });

  it("names the writer's centre when there is no desk", () => {
    const { data } = newActivityDocument({ ...FILLED, deskId: "" }, { centreId: "2" });
    expect(data.relationships).toEqual({
      volunteerCenter: { data: { type: "volunteer_centers", id: "2" } },
    });
    expect(newActivityDocument({ ...FILLED, deskId: "" }).data.relationships).toBeUndefined();
  });

  it("adds a series with its rule; a skipped day the rule no longer yields is dropped", () => {
    const series: TActivityFormValues = {
      ...FILLED,
      repeats: true,
      intervalWeeks: "2",
      repeatEnd: "until",
      until: "2027-05-06",
      exceptionDates: ["2027-04-22", "2027-04-29"],
    };
    const { data } = newActivityDocument(series);
    expect(data.type).toBe("activity_series");
    expect(data.attributes).toMatchObject({
      intervalWeeks: 2,
      until: "2027-05-06",
      exceptionDates: ["2027-04-22"],
    });
    expect(data.attributes).not.toHaveProperty("count");
    expect(ZActivitySeriesAttributes.safeParse(parsed(data.attributes)).success).toBe(true);

    const counted = newActivityDocument({ ...series, repeatEnd: "count", count: "3" }).data;
    expect(counted.attributes).toMatchObject({ count: 3, exceptionDates: ["2027-04-22"] });
    expect(counted.attributes).not.toHaveProperty("until");
  });

  it("edits only what changed; a new time sends start and end, a new place all of it", () => {
    const initial = activityFormValues(STORED);
    expect(activityPatchDocument("31", initial, initial).data).toEqual({
      type: "activities",
      id: "31",
      attributes: {},
    });
    const moved = activityPatchDocument(
      "31",
      { ...initial, startTime: "18:30", title: "Taal" },
      initial,
    );
    expect(moved.data.attributes).toEqual({
      title: "Taal",
      startsAt: "2027-03-25T18:30:00.000+01:00",
      endsAt: "2027-03-25T21:30:00.000+01:00",
    });
    const placed = activityPatchDocument("31", { ...initial, city: "Zwolle" }, initial);
    expect(placed.data.attributes).toEqual({
      street: "Educalaan 3",
      postalCode: "8251 GB",
      city: "Zwolle",
    });
    expect(
      activityPatchDocument("31", { ...initial, deskId: "" }, initial).data.relationships,
    ).toEqual({
      desk: { data: null },
    });
    expect(
      activityPatchDocument("31", { ...initial, capacity: "" }, initial).data.attributes,
    ).toEqual({
      capacity: null,
    });
  });
});

describe("the series' dates", () => {
  it("lists the rule's dates at the same wall-clock time, the skipped ones marked", () => {
    const dates = seriesPreview({
      ...FILLED,
      repeats: true,
      intervalWeeks: "1",
      repeatEnd: "count",
      count: "3",
      exceptionDates: ["2027-04-01"],
    });
    expect(dates?.map((d) => [d.date, d.skipped, d.startsAt.toISOString()])).toEqual([
      ["2027-03-25", false, "2027-03-25T18:00:00.000Z"],
      // Summer time from 28 March: still 19:00 in Amsterdam.
      ["2027-04-01", true, "2027-04-01T17:00:00.000Z"],
      ["2027-04-08", false, "2027-04-08T17:00:00.000Z"],
    ]);
  });

  it("has none while the rule is incomplete or yields more than the api allows", () => {
    const base = { ...FILLED, repeats: true, repeatEnd: "until" as const };
    expect(seriesPreview({ ...base, until: "" })).toBeNull();
    expect(seriesPreview({ ...base, until: "2031-01-01" })).toBeNull();
    expect(seriesPreview({ ...base, intervalWeeks: "0", until: "2027-04-30" })).toBeNull();
    expect(seriesPreview({ ...base, until: "2027-04-30" })).toHaveLength(6);
  });
});

describe("the desks one may choose", () => {
  const desks = [
    { id: "4", azcName: "AZC Dronten", slug: "azc-dronten", volunteerCenterId: 2 },
    { id: "5", azcName: "AZC Zwolle", slug: "azc-zwolle", volunteerCenterId: 3 },
  ];
  const centre = { id: "2", type: "VolunteerCenter" };

  it("gives a centre's staff its desks and no desk; a desk manager their desk only", () => {
    const member = activityWriter(
      [{ id: "1", name: "member", resourceType: "Organization", resourceId: 2 }],
      [centre],
    );
    expect(writableDesks(member, desks)).toEqual({ desks: [desks[0]], noDesk: true });
    const manager = activityWriter(
      [{ id: "1", name: "desk_manager", resourceType: "Desk", resourceId: 5 }],
      [],
    );
    expect(writableDesks(manager, desks)).toEqual({ desks: [desks[1]], noDesk: false });
    // Editing keeps an activity with its centre.
    expect(writableDesks(member, desks, "3")).toEqual({ desks: [], noDesk: false });
    // A volunteer, or an ordinary organisation's staff, runs no activity: the 403 screen.
    expect(writesActivities(activityWriter([{ id: "1", name: "volunteer" }], []))).toBe(false);
    const orgStaff = activityWriter(
      [{ id: "1", name: "admin", resourceType: "Organization", resourceId: 9 }],
      [{ id: "9", type: "Organization" }],
    );
    expect(writesActivities(orgStaff)).toBe(false);
    expect(writesActivities(member) && writesActivities(manager)).toBe(true);
    const superadmin = activityWriter([{ id: "1", name: "superadmin" }], []);
    expect(writableDesks(superadmin, desks).desks).toHaveLength(2);
  });
});
