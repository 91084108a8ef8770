import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityRegistrations, notifications } from "../../backend/db/schema";
import { createActivity } from "./support/activity-factories";
import { createTestApp, type TestApp } from "./support/app";
import { NO_RATE_LIMITS } from "./support/auth";
import { createTenantWithCenter } from "./support/factories";
import { createDesk, signedInPerson, type TPerson } from "./support/resources";

// /api/v1/activity_registrations (docs/activity-registrations.md): places at activities,
// a waiting list that moves up by itself, and attendance marked by those who run it.

type TTenant = { id: number; slug: string };

let t: TestApp;
let tenant: TTenant;
let C: number;
let desk: number;
let otherDesk: number;
let people: TPerson[];
let staffC: TPerson;
let deskManager: TPerson;
let otherDeskManager: TPerson;
let foreign: TPerson;
let foreignActivity: number;

const DAY = 86_400_000;
const future = (days = 10) => new Date(Date.now() + days * DAY);

const person = (
  where: TTenant,
  attrs?: Parameters<typeof signedInPerson>[2],
  role?: Parameters<typeof signedInPerson>[3],
  resource?: Parameters<typeof signedInPerson>[4],
) => signedInPerson(t.database.db, where, attrs, role, resource);

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" }, { auth: { rateLimits: NO_RATE_LIMITS } });
  const db = t.database.db;
  const made = await createTenantWithCenter(db);
  tenant = made.tenant;
  C = made.center.id;
  desk = (await createDesk(db, tenant.id, { volunteerCenterId: C })).id;
  otherDesk = (await createDesk(db, tenant.id, { volunteerCenterId: C })).id;
  people = [];
  for (const [firstName, locale] of [
    ["Anna", "nl"],
    ["Bram", "en"],
    ["Cato", "nl"],
    ["Daan", "nl"],
  ] as const) {
    people.push(await person(tenant, { firstName, locale }));
  }
  staffC = await person(tenant, {}, "member", { type: "Organization", id: C });
  deskManager = await person(tenant, {}, "desk_manager", { type: "Desk", id: desk });
  otherDeskManager = await person(tenant, {}, "desk_manager", { type: "Desk", id: otherDesk });
  const elsewhere = await createTenantWithCenter(db);
  foreign = await person(elsewhere.tenant, {}, "superadmin");
  foreignActivity = (
    await createActivity(db, elsewhere.tenant.id, {
      volunteerCenterId: elsewhere.center.id,
      startsAt: future(),
    })
  ).id;
});
afterAll(() => t.close());

const json = { "content-type": "application/vnd.api+json" };
const call = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  headers: Record<string, string>,
  body?: unknown,
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...headers, ...(body === undefined ? {} : json) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

const signUp = (who: TPerson, activityId: number | string) =>
  call("POST", "/activity_registrations", who.headers, {
    data: {
      type: "activity_registrations",
      relationships: { activity: { data: { type: "activities", id: String(activityId) } } },
    },
  });
const attendance = (who: TPerson, id: number, attributes: Record<string, unknown>) =>
  call("PUT", `/activity_registrations/${id}/attendance`, who.headers, {
    data: { type: "activity_registrations", id: String(id), attributes },
  });

async function activity(
  attrs: Parameters<typeof createActivity>[2] extends infer A ? Partial<A> : never = {},
) {
  return (
    await createActivity(t.database.db, tenant.id, {
      volunteerCenterId: C,
      startsAt: future(),
      ...attrs,
    })
  ).id;
}

const liveCount = async (activityId: number) =>
  (
    await t.database.db
      .select()
      .from(activityRegistrations)
      .where(eq(activityRegistrations.activityId, activityId))
  ).length;

describe("signing up", () => {
  it("gives places up to the capacity, then places on the waiting list in the order they came", async () => {
    const id = await activity({ capacity: 2, deskId: desk });
    const answers = [];
    for (const who of people) {
      const res = await signUp(who, id);
      expect(res.statusCode, res.body).toBe(201);
      answers.push(res.json().data.attributes);
    }
    expect(answers.map((a) => [a.status, a.waitlist_position])).toEqual([
      ["registered", null],
      ["registered", null],
      ["waitlisted", 1],
      ["waitlisted", 2],
    ]);
    expect(answers[0]).toMatchObject({ activity_id: id, user_id: people[0].id, attended: null });
    const shown = await call("GET", `/activities/${id}`, { "x-tenant": tenant.slug });
    expect(shown.json().data.attributes).toMatchObject({
      capacity: 2,
      registrations_count: 2,
      waitlist_count: 2,
      spots_left: 0,
      registration_open: true,
    });
  });

  it("refuses a second place, an activity that is not open, and one the site does not show; stores nothing", async () => {
    const open = await activity();
    expect((await signUp(people[0], open)).statusCode).toBe(201);
    const closed = [
      await activity({ status: "cancelled" }),
      await activity({ startsAt: new Date(Date.now() - DAY) }),
      await activity({ registrationUrl: "https://example.org/aanmelden" }),
    ];
    const before = await t.database.db.$count(activityRegistrations);
    const again = await signUp(people[0], open);
    expect(again.statusCode, again.body).toBe(422);
    expect(again.json().errors[0]).toMatchObject({
      code: "taken",
      source: { pointer: "/data/relationships/activity" },
    });
    for (const id of closed) {
      const res = await signUp(people[1], id);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors[0].code).toBe("registration_closed");
    }
    const draft = await activity({ status: "draft" });
    for (const id of [draft, foreignActivity, 999_999]) {
      expect((await signUp(people[1], id)).statusCode).toBe(404);
    }
    const anonymous = await signUp(
      { id: 0, email: "", headers: { "x-tenant": tenant.slug } },
      open,
    );
    expect(anonymous.statusCode).toBe(401);
    for (const body of [
      {},
      { data: { type: "activity_registrations" } },
      { data: { type: "activity_registrations", relationships: { activity: { data: null } } } },
      {
        data: {
          type: "vacancies",
          relationships: { activity: { data: { type: "activities", id: String(open) } } },
        },
      },
      {
        data: {
          type: "activity_registrations",
          attributes: { status: "registered" },
          relationships: { activity: { data: { type: "activities", id: String(open) } } },
        },
      },
    ]) {
      const res = await call("POST", "/activity_registrations", people[2].headers, body);
      expect([400, 409, 422], `${JSON.stringify(body)}: ${res.body}`).toContain(res.statusCode);
    }
    expect(await t.database.db.$count(activityRegistrations)).toBe(before);
  });
});

describe("the last place", () => {
  it("goes to one of many who ask at once; the others wait in one line", async () => {
    const id = await activity({ capacity: 1 });
    const answers = await Promise.all(people.map((who) => signUp(who, id)));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const statuses = answers.map((r) => r.json().data.attributes);
    expect(statuses.filter((a) => a.status === "registered")).toHaveLength(1);
    expect(
      statuses
        .filter((a) => a.status === "waitlisted")
        .map((a) => a.waitlist_position)
        .sort(),
    ).toEqual([1, 2, 3]);
  });
});

describe("giving a place back", () => {
  it("moves the first in line up, who is told in their language, and the line closes up", async () => {
    const id = await activity({ capacity: 1 });
    const ids: number[] = [];
    for (const who of people.slice(0, 3)) ids.push(Number((await signUp(who, id)).json().data.id));
    const sent = t.mailer.sent.length;
    const gone = await call("DELETE", `/activity_registrations/${ids[0]}`, people[0].headers);
    expect(gone.statusCode, gone.body).toBe(204);
    const bram = await call("GET", `/activity_registrations/${ids[1]}`, people[1].headers);
    expect(bram.json().data.attributes).toMatchObject({
      status: "registered",
      waitlist_position: null,
    });
    const cato = await call("GET", `/activity_registrations/${ids[2]}`, people[2].headers);
    expect(cato.json().data.attributes).toMatchObject({
      status: "waitlisted",
      waitlist_position: 1,
    });
    const mails = t.mailer.sent.slice(sent).filter((m) => m.to === people[1].email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/^A place came free: /);
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, people[1].id), eq(notifications.url, `/activiteiten/${id}`)),
      );
    expect(notes).toHaveLength(1);
    // Leaving the waiting list moves nobody; the place can be taken again afterwards.
    expect(
      (await call("DELETE", `/activity_registrations/${ids[2]}`, people[2].headers)).statusCode,
    ).toBe(204);
    expect((await signUp(people[0], id)).json().data.attributes.status).toBe("waitlisted");
  });

  it("is for the holder and those who run the activity; not after it began", async () => {
    const id = await activity({ deskId: desk });
    const place = Number((await signUp(people[0], id)).json().data.id);
    for (const other of [people[1], otherDeskManager, foreign]) {
      const res = await call("DELETE", `/activity_registrations/${place}`, other.headers);
      expect(res.statusCode, res.body).toBe(404);
    }
    expect(
      (await call("DELETE", `/activity_registrations/${place}`, deskManager.headers)).statusCode,
    ).toBe(204);
    const past = await activity({ startsAt: new Date(Date.now() - DAY) });
    const [row] = await t.database.db
      .insert(activityRegistrations)
      .values({ tenantId: tenant.id, activityId: past, userId: people[0].id, status: "registered" })
      .returning();
    const late = await call("DELETE", `/activity_registrations/${row.id}`, people[0].headers);
    expect(late.statusCode, late.body).toBe(422);
    expect(late.json().errors[0].code).toBe("started");
  });
});

describe("who comes", () => {
  it("lists an activity's people with names to those who run it, and to nobody else", async () => {
    const id = await activity({ capacity: 1, deskId: desk });
    await signUp(people[0], id);
    await signUp(people[1], id);
    for (const who of [staffC, deskManager]) {
      const res = await call(
        "GET",
        `/activity_registrations?filter[activity_id_eq]=${id}`,
        who.headers,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(
        res
          .json()
          .data.map((r: { attributes: Record<string, unknown> }) => [
            r.attributes.first_name,
            r.attributes.email,
            r.attributes.status,
          ]),
      ).toEqual([
        ["Anna", people[0].email, "registered"],
        ["Bram", people[1].email, "waitlisted"],
      ]);
    }
    for (const who of [people[0], otherDeskManager]) {
      const res = await call(
        "GET",
        `/activity_registrations?filter[activity_id_eq]=${id}`,
        who.headers,
      );
      expect(res.statusCode, res.body).toBe(403);
    }
    expect(
      (
        await call(
          "GET",
          `/activity_registrations?filter[activity_id_eq]=${foreignActivity}`,
          staffC.headers,
        )
      ).statusCode,
    ).toBe(404);
    expect((await call("GET", "/activity_registrations", people[0].headers)).statusCode).toBe(400);
    expect(
      (await call("GET", "/activity_registrations?filter[mine]=maybe", people[0].headers))
        .statusCode,
    ).toBe(400);
  });

  it("marks attendance with the activity's minutes or the given ones, counted as this year's hours", async () => {
    const start = new Date(Date.now() - 2 * 3_600_000);
    const past = await activity({
      startsAt: start,
      endsAt: new Date(start.getTime() + 90 * 60_000),
      deskId: desk,
    });
    const rows = await t.database.db
      .insert(activityRegistrations)
      .values(
        people.slice(0, 3).map((p) => ({
          tenantId: tenant.id,
          activityId: past,
          userId: p.id,
          status: "registered" as const,
        })),
      )
      .returning();
    const before = await call(
      "GET",
      "/activity_registrations?filter[mine]=true",
      people[0].headers,
    );
    const minutesBefore = before.json().meta.minutes_this_year;

    const came = await attendance(deskManager, rows[0].id, { attended: true });
    expect(came.statusCode, came.body).toBe(200);
    expect(came.json().data.attributes).toMatchObject({ attended: true, minutes: 90 });
    const longer = await attendance(staffC, rows[1].id, { attended: true, minutes: 150 });
    expect(longer.json().data.attributes).toMatchObject({ attended: true, minutes: 150 });
    const absent = await attendance(staffC, rows[2].id, { attended: false });
    expect(absent.json().data.attributes).toMatchObject({ attended: false, minutes: null });

    const after = await call(
      "GET",
      "/activity_registrations?filter[mine]=true&include=activity",
      people[0].headers,
    );
    expect(after.json().meta.minutes_this_year).toBe(minutesBefore + 90);
    expect(after.json().included.map((a: { id: string }) => Number(a.id))).toContain(past);

    // Not the volunteer, not another desk's manager; bad minutes change nothing.
    expect(
      (await attendance(people[0], rows[0].id, { attended: true, minutes: 600 })).statusCode,
    ).toBe(403);
    expect((await attendance(otherDeskManager, rows[0].id, { attended: true })).statusCode).toBe(
      404,
    );
    for (const attributes of [
      { attended: true, minutes: -1 },
      { attended: true, minutes: 24 * 60 + 1 },
      { attended: false, minutes: 30 },
      { attended: "yes" },
      {},
    ]) {
      const res = await attendance(staffC, rows[0].id, attributes);
      expect(res.statusCode, `${JSON.stringify(attributes)}: ${res.body}`).toBe(422);
    }
    const [kept] = await t.database.db
      .select()
      .from(activityRegistrations)
      .where(eq(activityRegistrations.id, rows[0].id));
    expect(kept).toMatchObject({ attended: true, minutes: 90 });
  });

  it("is not marked before the activity begins, nor without a length for someone who came", async () => {
    const soon = await activity();
    const place = Number((await signUp(people[3], soon)).json().data.id);
    const early = await attendance(staffC, place, { attended: true, minutes: 60 });
    expect(early.statusCode, early.body).toBe(422);
    expect(early.json().errors[0].code).toBe("not_started");
    const allDay = await activity({
      startsAt: new Date(Date.now() - DAY),
      allDay: true,
      endsAt: null,
    });
    const [row] = await t.database.db
      .insert(activityRegistrations)
      .values({
        tenantId: tenant.id,
        activityId: allDay,
        userId: people[3].id,
        status: "registered",
      })
      .returning();
    const blank = await attendance(staffC, row.id, { attended: true });
    expect(blank.statusCode, blank.body).toBe(422);
    expect(blank.json().errors[0].source.pointer).toBe("/data/attributes/minutes");
    expect((await attendance(staffC, row.id, { attended: true, minutes: 240 })).statusCode).toBe(
      200,
    );
  });
});

describe("one's own places", () => {
  it("lists the caller's live places only, with the activity on request", async () => {
    const id = await activity();
    const mine = Number((await signUp(people[3], id)).json().data.id);
    await signUp(people[2], id);
    const res = await call(
      "GET",
      `/activity_registrations?filter[mine]=true&filter[activity_id_eq]=${id}&include=activity`,
      people[3].headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((r: { id: string }) => Number(r.id))).toEqual([mine]);
    expect(res.json().included[0]).toMatchObject({ type: "activity", id: String(id) });
    await call("DELETE", `/activity_registrations/${mine}`, people[3].headers);
    const after = await call(
      "GET",
      `/activity_registrations?filter[mine]=true&filter[activity_id_eq]=${id}`,
      people[3].headers,
    );
    expect(after.json().data).toEqual([]);
    expect(await liveCount(id)).toBe(2);
  });
});
