import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  activityRegistrations,
  applications,
  conversations,
  jobs,
  messages,
  notifications,
  poolInvitations,
  users,
  vacancies,
  volunteerProfiles,
  volunteerProfileTags,
} from "../../backend/db/schema";
import { createActivity } from "./support/activity-factories";
import { createTestApp, type TestApp } from "./support/app";
import { NO_RATE_LIMITS } from "./support/auth";
import { createOrganization, createTenantWithCenter, createUser } from "./support/factories";
import { createDesk, signedInPerson, type TPerson } from "./support/resources";
import { createTag, createVacancy } from "./support/vacancy-factory";

// The volunteer pool (docs/volunteer-pool.md): GET /api/v1/volunteer_pool with its filters
// and sorts, what it shares and what it never shows, and pool invitations from POST to the
// volunteer's accept or decline, with the thread, the notice and the application.

type THeaders = Record<string, string>;

let t: TestApp;
let tenant: { id: number; slug: string };
let C: number;
let D: number;
let O: number;
let staffC: TPerson;
let memberC: TPerson;
let adminD: TPerson;
let adminO: TPerson;
let volunteer: TPerson;
let tagCooking: number;
let tagSports: number;
/** In the pool: Anna (Utrecht), Bram (Amersfoort), Cem (Zwolle), and Dirk (in, archived). */
const pool: Record<string, TPerson> = {};
/** Not in the pool, though their profile matches every filter. */
let hidden: TPerson;
let other: { tenant: { id: number; slug: string }; staff: TPerson; volunteer: number };

const UTRECHT = { latitude: 52.0907, longitude: 5.1214 };
const AMERSFOORT = { latitude: 52.1567, longitude: 5.3868 };
const ZWOLLE = { latitude: 52.5168, longitude: 6.083 };

const person = (
  tenantRow: { id: number; slug: string },
  attrs?: Parameters<typeof signedInPerson>[2],
  role?: Parameters<typeof signedInPerson>[3],
  resource?: Parameters<typeof signedInPerson>[4],
) => signedInPerson(t.database.db, tenantRow, attrs, role, resource);

async function profile(
  tenantId: number,
  userId: number,
  values: Partial<typeof volunteerProfiles.$inferInsert> & { tagIds?: number[] },
) {
  const { tagIds = [], ...rest } = values;
  const inPool = rest.inPool ?? true;
  await t.database.db.insert(volunteerProfiles).values({
    tenantId,
    userId,
    ...rest,
    inPool,
    poolOptedInAt: inPool ? new Date() : null,
  });
  if (tagIds.length > 0) {
    await t.database.db
      .insert(volunteerProfileTags)
      .values(tagIds.map((tagId) => ({ tenantId, userId, tagId })));
  }
}

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" }, { auth: { rateLimits: NO_RATE_LIMITS } });
  const db = t.database.db;
  const made = await createTenantWithCenter(db);
  tenant = made.tenant;
  C = made.center.id;
  D = (await createOrganization(db, tenant.id, { type: "VolunteerCenter", name: "Centre D" })).id;
  O = (await createOrganization(db, tenant.id, { volunteerCenterId: C, name: "Buurthuis O" })).id;
  staffC = await person(tenant, { firstName: "Sanne" }, "admin", { type: "Organization", id: C });
  memberC = await person(tenant, { locale: "en" }, "member", { type: "Organization", id: C });
  adminD = await person(tenant, {}, "admin", { type: "Organization", id: D });
  adminO = await person(tenant, {}, "admin", { type: "Organization", id: O });
  volunteer = await person(tenant);
  tagCooking = (await createTag(db, tenant.id, { name: "Koken" })).id;
  tagSports = (await createTag(db, tenant.id, { name: "Sport" })).id;

  pool.anna = await person(tenant, { firstName: "Anna", lastName: "de Vries", locale: "en" });
  await profile(tenant.id, pool.anna.id, {
    postalCode: "3511 AB",
    city: "Utrecht",
    ...UTRECHT,
    about: "Ik kook graag voor grote groepen.",
    skills: ["koken", "plannen"],
    availability: ["monday_morning", "tuesday_evening"],
    hoursPerWeek: 4,
    languages: ["nl", "ar"],
    tagIds: [tagCooking],
  });
  pool.bram = await person(tenant, { firstName: "Bram", lastName: "Bakker" });
  await profile(tenant.id, pool.bram.id, {
    city: "Amersfoort",
    ...AMERSFOORT,
    about: "Voetbaltrainer, en ik kook in het weekend.",
    skills: ["voetbal"],
    availability: ["monday_morning", "saturday_morning"],
    languages: ["nl", "en"],
    tagIds: [tagCooking, tagSports],
  });
  pool.cem = await person(tenant, { firstName: "Cem", lastName: "Yilmaz" });
  await profile(tenant.id, pool.cem.id, {
    city: "Zwolle",
    ...ZWOLLE,
    about: "Fietsenmaker.",
    availability: ["sunday_evening"],
    languages: ["tr", "nl"],
    lastInvitedAt: daysAgo(3),
  });
  pool.dirk = await person(tenant, { firstName: "Dirk", status: "archived" });
  await profile(tenant.id, pool.dirk.id, { city: "Utrecht", ...UTRECHT, about: "kook" });
  hidden = await person(tenant, { firstName: "Henk" });
  await profile(tenant.id, hidden.id, {
    inPool: false,
    city: "Utrecht",
    ...UTRECHT,
    about: "Ik kook graag.",
    availability: ["monday_morning"],
    languages: ["nl", "ar"],
    tagIds: [tagCooking],
  });
  await db
    .update(users)
    .set({ currentSignInAt: daysAgo(2) })
    .where(eq(users.id, pool.anna.id));
  await db
    .update(users)
    .set({ currentSignInAt: daysAgo(200) })
    .where(eq(users.id, pool.bram.id));

  const o = await createTenantWithCenter(db);
  const otherVolunteer = await createUser(db, o.tenant.id, { firstName: "Olga" });
  await profile(o.tenant.id, otherVolunteer.id, { city: "Utrecht", ...UTRECHT, about: "kook" });
  other = {
    tenant: o.tenant,
    staff: await person(o.tenant, {}, "admin", { type: "Organization", id: o.center.id }),
    volunteer: otherVolunteer.id,
  };
});
afterAll(() => t.close());

const get = (url: string, who: THeaders) =>
  t.app.inject({ method: "GET", url: `/api/v1${url}`, headers: who });
const names = (res: { json: () => { data: { attributes: { first_name: string } }[] } }) =>
  res.json().data.map((d) => d.attributes.first_name);
const json = { "content-type": "application/vnd.api+json" };

describe("GET /api/v1/volunteer_pool", () => {
  it("lists only active volunteers who opted in, and counts only them", async () => {
    const res = await get("/volunteer_pool?sort=least_recently_asked", staffC.headers);
    expect(res.statusCode, res.body).toBe(200);
    // Never asked first (by id), then longest ago: Cem was asked three days ago.
    expect(names(res)).toEqual(["Anna", "Bram", "Cem"]);
    expect(res.json().meta.pagination.records).toBe(3);
    // A search that only the hidden volunteer would match finds nothing and counts nothing.
    const henk = await get("/volunteer_pool?filter[q]=Henk", staffC.headers);
    expect(henk.json().data).toEqual([]);
    expect(henk.json().meta.pagination.records).toBe(0);
    expect(henk.body).not.toContain(String(hidden.id));
  });

  it("shares what the volunteer chose and nothing to reach or place them by", async () => {
    const res = await get(
      `/volunteer_pool?filter[id]=${pool.anna.id}&include=tags`,
      memberC.headers,
    );
    const [anna] = res.json().data;
    expect(anna).toMatchObject({
      type: "volunteer",
      id: String(pool.anna.id),
      attributes: {
        first_name: "Anna",
        last_name_initial: "D",
        city: "Utrecht",
        about: "Ik kook graag voor grote groepen.",
        skills: ["koken", "plannen"],
        availability: ["monday_morning", "tuesday_evening"],
        hours_per_week: 4,
        languages: ["nl", "ar"],
        distance_km: null,
        last_invited_at: null,
      },
      relationships: { tags: { data: [{ type: "tag", id: String(tagCooking) }] } },
    });
    expect(anna.attributes.last_active_month).toMatch(/^\d{4}-\d{2}$/);
    for (const secret of [pool.anna.email, "de Vries", "3511", "52.09", "phone", "postal_code"]) {
      expect(res.body).not.toContain(secret);
    }
  });

  it("filters by words, interests, availability, languages and last activity", async () => {
    const q = await get("/volunteer_pool?filter[q]=KOOK", staffC.headers);
    expect(names(q).sort()).toEqual(["Anna", "Bram"]);
    const words = await get("/volunteer_pool?filter[q]=kook voetbal", staffC.headers);
    expect(names(words)).toEqual(["Bram"]);
    const byName = await get("/volunteer_pool?filter[q]=yilmaz", staffC.headers);
    expect(names(byName)).toEqual(["Cem"]);
    const tag = await get(`/volunteer_pool?filter[tags]=${tagSports}`, staffC.headers);
    expect(names(tag)).toEqual(["Bram"]);
    const slots = await get(
      "/volunteer_pool?filter[availability]=saturday_morning,sunday_evening&sort=least_recently_asked",
      staffC.headers,
    );
    expect(names(slots)).toEqual(["Bram", "Cem"]);
    const langs = await get("/volunteer_pool?filter[languages]=ar,tr", staffC.headers);
    expect(names(langs).sort()).toEqual(["Anna", "Cem"]);
    const active = await get("/volunteer_pool?filter[active_within]=30", staffC.headers);
    expect(names(active)).toEqual(["Anna"]);
    expect(active.json().meta.pagination.records).toBe(1);
  });

  it("finds by distance from a place and sorts nearest first", async () => {
    const res = await get(
      "/volunteer_pool?filter[near]=Utrecht&filter[distance]=25&sort=distance",
      staffC.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(names(res)).toEqual(["Anna", "Bram"]);
    const [anna, bram] = res.json().data;
    expect(anna.attributes.distance_km).toBe(0);
    expect(bram.attributes.distance_km).toBe(20);
    expect(res.json().meta.near).toMatchObject({ name: "Utrecht", distance_km: 25 });
    const far = await get(
      "/volunteer_pool?filter[near]=Utrecht&filter[distance]=100",
      staffC.headers,
    );
    expect(names(far)).toContain("Cem");
  });

  it("sorts by best match: asked interests, slots and languages, less a tenth per km", async () => {
    const res = await get(
      `/volunteer_pool?filter[tags]=${tagCooking},${tagSports}&filter[availability]=monday_morning`,
      staffC.headers,
    );
    // Bram has both interests and the slot (3), Anna one interest and the slot (2).
    expect(names(res)).toEqual(["Bram", "Anna"]);
    expect(
      res.json().data.map((d: { attributes: { match_score: number } }) => d.attributes.match_score),
    ).toEqual([3, 2]);
  });

  it("pages like the other lists", async () => {
    const res = await get(
      "/volunteer_pool?sort=least_recently_asked&page[size]=2&page[number]=2",
      staffC.headers,
    );
    expect(names(res)).toEqual(["Cem"]);
    expect(res.json().meta.pagination).toMatchObject({ current: 2, records: 3 });
    // Past the end: no rows, and still the count.
    const past = await get("/volunteer_pool?page[size]=2&page[number]=5", staffC.headers);
    expect(past.json().data).toEqual([]);
    expect(past.json().meta.pagination.records).toBe(3);
  });

  it("refuses bad input with a 400 naming it, and an unknown place with a 422", async () => {
    for (const [query, parameter] of [
      ["filter[availability]=someday", "filter[availability]"],
      ["filter[languages]=xx", "filter[languages]"],
      ["filter[tags]=abc", "filter[tags]"],
      ["filter[distance]=500", "filter[distance]"],
      ["filter[active_within]=0", "filter[active_within]"],
      [`filter[q]=${"a".repeat(201)}`, "filter[q]"],
      ["filter[colour]=red", "filter[colour]"],
      ["sort=distance", "sort"],
      ["sort=name", "sort"],
    ]) {
      const res = await get(`/volunteer_pool?${query}`, staffC.headers);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0].source).toEqual({ parameter });
    }
    const place = await get("/volunteer_pool?filter[near]=Nergensdorp", staffC.headers);
    expect(place.statusCode).toBe(422);
    expect(place.json().errors[0].code).toBe("unknown_place");
  });

  it("is for the staff of the tenant's centres only", async () => {
    expect((await get("/volunteer_pool", adminD.headers)).statusCode).toBe(200);
    expect((await get("/volunteer_pool", adminO.headers)).statusCode).toBe(403);
    expect((await get("/volunteer_pool", volunteer.headers)).statusCode).toBe(403);
    expect((await get("/volunteer_pool", { "x-tenant": tenant.slug })).statusCode).toBe(401);
  });

  it("gives a desk manager the volunteers of their desk only: a place at one of its activities", async () => {
    const db = t.database.db;
    const desk = (await createDesk(db, tenant.id, { volunteerCenterId: C })).id;
    const elsewhere = (await createDesk(db, tenant.id, { volunteerCenterId: C })).id;
    const manager = await person(tenant, {}, "desk_manager", { type: "Desk", id: desk });
    const otherManager = await person(tenant, {}, "desk_manager", { type: "Desk", id: elsewhere });
    const at = async (deskId: number) =>
      (await createActivity(db, tenant.id, { volunteerCenterId: C, deskId })).id;
    const here = await at(desk);
    const there = await at(elsewhere);
    const place = (activityId: number, userId: number, status: "registered" | "cancelled") =>
      db.insert(activityRegistrations).values({
        tenantId: tenant.id,
        activityId,
        userId,
        status,
        cancelledAt: status === "cancelled" ? new Date() : null,
      });
    await place(here, pool.anna.id, "registered");
    await place(here, pool.bram.id, "cancelled");
    await place(here, hidden.id, "registered");
    await place(there, pool.cem.id, "registered");

    const mine = await get("/volunteer_pool?sort=least_recently_asked", manager.headers);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(names(mine)).toEqual(["Anna"]);
    expect(mine.json().meta.pagination.records).toBe(1);
    for (const query of ["filter[q]=Bram", "filter[q]=Henk", `filter[id]=${pool.cem.id}`]) {
      const res = await get(`/volunteer_pool?${query}`, manager.headers);
      expect(res.json().data, query).toEqual([]);
      expect(res.json().meta.pagination.records, query).toBe(0);
    }
    expect(names(await get("/volunteer_pool", otherManager.headers))).toEqual(["Cem"]);
    // A centre's staff still search the whole pool.
    expect(names(await get("/volunteer_pool?sort=least_recently_asked", staffC.headers))).toEqual([
      "Anna",
      "Bram",
      "Cem",
    ]);
  });

  it("never holds another tenant's volunteers", async () => {
    const res = await get("/volunteer_pool?filter[q]=kook", other.staff.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((d: { id: string }) => Number(d.id))).toEqual([other.volunteer]);
  });
});

function invite(
  who: TPerson,
  volunteerId: number,
  vacancyId: number,
  attributes: Record<string, unknown> = {},
) {
  return t.app.inject({
    method: "POST",
    url: "/api/v1/pool_invitations",
    headers: { ...who.headers, ...json },
    payload: JSON.stringify({
      data: {
        type: "pool_invitations",
        attributes,
        relationships: {
          volunteer: { data: { type: "volunteers", id: String(volunteerId) } },
          vacancy: { data: { type: "vacancies", id: String(vacancyId) } },
        },
      },
    }),
  });
}

function answerAs(who: TPerson, id: number, event: string) {
  return t.app.inject({
    method: "PUT",
    url: `/api/v1/pool_invitations/${id}/transition`,
    headers: { ...who.headers, ...json },
    payload: JSON.stringify({
      data: { type: "pool_invitations", id: String(id), attributes: { event } },
    }),
  });
}

const vacancyOfC = (extra: Record<string, unknown> = {}) =>
  createVacancy(t.database.db, tenant.id, {
    organizationId: O,
    volunteerCenterId: C,
    ...extra,
  }).then((v) => v.id);

async function invitationRows(vacancyId: number) {
  return t.database.db
    .select()
    .from(poolInvitations)
    .where(eq(poolInvitations.vacancyId, vacancyId));
}

describe("POST /api/v1/pool_invitations", () => {
  it("invites: the thread with the note, the notice in the volunteer's language, the mark", async () => {
    const vacancy = await vacancyOfC({ title: "Koken in het buurthuis" });
    const mailsBefore = t.mailer.sent.length;
    const res = await invite(staffC, pool.anna.id, vacancy, { message: "  Zin om te koken?  " });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json().data;
    expect(body).toMatchObject({
      type: "pool_invitation",
      attributes: {
        status: "pending",
        message: "Zin om te koken?",
        vacancy_id: vacancy,
        vacancy_title: "Koken in het buurthuis",
        volunteer_center_id: C,
        user_id: pool.anna.id,
        application_id: null,
        answered_at: null,
        allowed_events: [],
      },
    });
    const conversationId = body.attributes.conversation_id;
    const [thread] = await t.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    expect(thread).toMatchObject({
      kind: "invitation",
      organizationId: C,
      volunteerId: pool.anna.id,
      subject: "Koken in het buurthuis",
      messagesCount: 1,
    });
    const [first] = await t.database.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, conversationId));
    expect(first).toMatchObject({ authorId: staffC.id, body: "Zin om te koken?" });
    // Anna reads English: one notice in the app and one mail, both hers.
    const notices = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, pool.anna.id));
    expect(notices).toMatchObject([
      { title: "Invitation: Koken in het buurthuis", url: `/conversations?id=${conversationId}` },
    ]);
    const sent = t.mailer.sent.slice(mailsBefore);
    expect(sent.map((m) => m.to)).toEqual([pool.anna.email]);
    expect(sent[0].subject).toBe("Invitation: Koken in het buurthuis");
    const [annaProfile] = await t.database.db
      .select({ lastInvitedAt: volunteerProfiles.lastInvitedAt })
      .from(volunteerProfiles)
      .where(eq(volunteerProfiles.userId, pool.anna.id));
    expect(annaProfile.lastInvitedAt).not.toBeNull();
    // Asked just now: last in "asked least recently".
    const order = await get("/volunteer_pool?sort=least_recently_asked", staffC.headers);
    expect(names(order).at(-1)).toBe("Anna");
    // The volunteer sees it among their invitations, with the events open to them.
    const mine = await get(
      `/pool_invitations?filter[conversation_id_eq]=${conversationId}`,
      pool.anna.headers,
    );
    expect(mine.json().data).toMatchObject([
      { id: body.id, attributes: { allowed_events: ["accept", "decline"] } },
    ]);
    // A second pending one for the same vacancy: refused, nothing written.
    const again = await invite(memberC, pool.anna.id, vacancy);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors[0]).toMatchObject({
      code: "already_invited",
      source: { pointer: "/data/relationships/volunteer" },
    });
    expect(await invitationRows(vacancy)).toHaveLength(1);
  });

  it("writes the default text in the volunteer's language when there is no note, and respects their choice", async () => {
    await t.database.db
      .update(users)
      .set({ notificationPreferences: { message_received: "in_app" } })
      .where(eq(users.id, pool.bram.id));
    const vacancy = await vacancyOfC({ title: "Voetbaltraining" });
    const mailsBefore = t.mailer.sent.length;
    const res = await invite(memberC, pool.bram.id, vacancy);
    expect(res.statusCode, res.body).toBe(201);
    const [first] = await t.database.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, res.json().data.attributes.conversation_id));
    expect(first.body).toContain("Hoi! We zochten in de vrijwilligerspool");
    expect(first.body).toContain("Voetbaltraining");
    expect(t.mailer.sent.slice(mailsBefore)).toEqual([]);
    const notices = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, pool.bram.id));
    expect(notices.map((n) => n.title)).toEqual(["Uitnodiging: Voetbaltraining"]);
  });

  it("refuses what it must, and a refusal writes nothing", async () => {
    const open = await vacancyOfC();
    const closed = await vacancyOfC({ status: "closed" });
    const past = await vacancyOfC({ closesOn: "2020-01-01" });
    const draft = await vacancyOfC({ status: "draft" });
    const ofD = (
      await createVacancy(t.database.db, tenant.id, {
        organizationId: (
          await createOrganization(t.database.db, tenant.id, { volunteerCenterId: D })
        ).id,
        volunteerCenterId: D,
      })
    ).id;
    const cases: [TPerson, number, number, number, string | null][] = [
      [staffC, hidden.id, open, 422, "not_in_pool"],
      [staffC, pool.dirk.id, open, 422, "not_in_pool"],
      [staffC, other.volunteer, open, 422, "not_in_pool"],
      [staffC, pool.cem.id, closed, 422, "vacancy_closed"],
      [staffC, pool.cem.id, past, 422, "vacancy_closed"],
      [staffC, pool.cem.id, draft, 422, "blank"],
      [staffC, pool.cem.id, 999_999, 422, "blank"],
      [staffC, pool.cem.id, ofD, 403, null],
      [adminO, pool.cem.id, open, 403, null],
      [volunteer, pool.cem.id, open, 403, null],
    ];
    for (const [who, volunteerId, vacancyId, status, code] of cases) {
      const res = await invite(who, volunteerId, vacancyId);
      expect(res.statusCode, `${volunteerId} ${vacancyId} ${res.body}`).toBe(status);
      if (code) expect(res.json().errors[0].code).toBe(code);
    }
    const tooLong = await invite(staffC, pool.cem.id, open, { message: "x".repeat(1001) });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors[0].source.pointer).toBe("/data/attributes/message");
    for (const id of [open, closed, past, draft, ofD]) expect(await invitationRows(id)).toEqual([]);
    const threads = await t.database.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.volunteerId, pool.cem.id), eq(conversations.kind, "invitation")));
    expect(threads).toEqual([]);
  });
});

describe("POST /api/v1/pool_invitations by a desk manager", () => {
  it("asks their desk's volunteers for the desk's centre's vacancies, nobody else and nothing else", async () => {
    const db = t.database.db;
    const desk = (await createDesk(db, tenant.id, { volunteerCenterId: C })).id;
    const elsewhere = (await createDesk(db, tenant.id, { volunteerCenterId: C })).id;
    const manager = await person(tenant, {}, "desk_manager", { type: "Desk", id: desk });
    const at = async (deskId: number) =>
      (await createActivity(db, tenant.id, { volunteerCenterId: C, deskId })).id;
    const here = await at(desk);
    const there = await at(elsewhere);
    const place = (activityId: number, userId: number, status: "registered" | "cancelled") =>
      db.insert(activityRegistrations).values({
        tenantId: tenant.id,
        activityId,
        userId,
        status,
        cancelledAt: status === "cancelled" ? new Date() : null,
      });
    await place(here, pool.anna.id, "registered");
    await place(here, pool.bram.id, "cancelled");
    await place(here, pool.dirk.id, "registered");
    await place(here, hidden.id, "registered");
    await place(there, pool.cem.id, "registered");
    const open = await vacancyOfC({ title: "Taalmaatje" });
    const ofD = (
      await createVacancy(db, tenant.id, {
        organizationId: (await createOrganization(db, tenant.id, { volunteerCenterId: D })).id,
        volunteerCenterId: D,
      })
    ).id;

    // Someone who is not at the desk (another desk, a place given back) answers as
    // someone outside the pool (archived, never opted in): the refusal does not tell which.
    const cases: [number, number, number, string | null][] = [
      [pool.cem.id, open, 422, "not_in_pool"],
      [pool.bram.id, open, 422, "not_in_pool"],
      [pool.dirk.id, open, 422, "not_in_pool"],
      [hidden.id, open, 422, "not_in_pool"],
      [pool.anna.id, ofD, 403, null],
      [pool.anna.id, 999_999, 422, "blank"],
    ];
    for (const [volunteerId, vacancyId, status, code] of cases) {
      const res = await invite(manager, volunteerId, vacancyId);
      expect(res.statusCode, `${volunteerId} ${vacancyId} ${res.body}`).toBe(status);
      if (code) expect(res.json().errors[0].code).toBe(code);
    }
    expect(await invitationRows(open)).toEqual([]);
    expect(await invitationRows(ofD)).toEqual([]);
    // The pool tells the page which centres' vacancies the caller may ask for.
    const meta = async (who: TPerson) =>
      (await get(`/volunteer_pool?filter[id]=${pool.anna.id}`, who.headers)).json().meta;
    expect((await meta(manager)).invitable_center_ids).toEqual([String(C)]);
    expect((await meta(staffC)).invitable_center_ids).toEqual([String(C)]);

    const res = await invite(manager, pool.anna.id, open, { message: "Iets voor jou?" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.attributes).toMatchObject({
      status: "pending",
      volunteer_center_id: C,
      user_id: pool.anna.id,
    });
    // The thread is the centre's, whose vacancy it is: its staff follow up the answer.
    const [thread] = await db
      .select()
      .from(conversations)
      .where(eq(conversations.id, res.json().data.attributes.conversation_id));
    expect(thread).toMatchObject({
      kind: "invitation",
      organizationId: C,
      createdById: manager.id,
    });
    expect(await invitationRows(open)).toHaveLength(1);
  });
});

describe("PUT /api/v1/pool_invitations/:id/transition", () => {
  async function invited(volunteerPerson: TPerson, extra: Record<string, unknown> = {}) {
    const vacancy = await vacancyOfC(extra);
    const res = await invite(staffC, volunteerPerson.id, vacancy, { message: "Doe je mee?" });
    expect(res.statusCode, res.body).toBe(201);
    return { id: Number(res.json().data.id), vacancy };
  }

  it("accepting makes an application (status new) that the organisation hears of", async () => {
    const { id, vacancy } = await invited(pool.cem);
    const res = await answerAs(pool.cem, id, "accept");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().data.attributes;
    expect(body).toMatchObject({ status: "accepted", allowed_events: [] });
    expect(body.answered_at).not.toBeNull();
    const [application] = await t.database.db
      .select()
      .from(applications)
      .where(eq(applications.id, body.application_id));
    expect(application).toMatchObject({
      vacancyId: vacancy,
      userId: pool.cem.id,
      status: "new",
    });
    expect(application.motivation).toMatch(/^Uitnodiging van .+ geaccepteerd\.$/);
    // The organisation's staff hear of it as of any application.
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, adminO.id), eq(notifications.kind, "application")));
    expect(told.map((n) => n.url)).toContain(`/applications/${application.id}`);
    const again = await answerAs(pool.cem, id, "decline");
    expect(again.statusCode).toBe(422);
    expect(again.json().errors[0].code).toBe("invalid_transition");
  });

  it("declining marks it declined and makes no application", async () => {
    const { id, vacancy } = await invited(pool.bram);
    const res = await answerAs(pool.bram, id, "decline");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attributes.status).toBe("declined");
    expect(
      await t.database.db.select().from(applications).where(eq(applications.vacancyId, vacancy)),
    ).toEqual([]);
  });

  it("a vacancy closed before the answer: 422 and the invitation withdrawn", async () => {
    const { id, vacancy } = await invited(pool.anna);
    await t.database.db
      .update(vacancies)
      .set({ status: "closed" })
      .where(eq(vacancies.id, vacancy));
    const res = await answerAs(pool.anna, id, "accept");
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({
      code: "vacancy_closed",
      source: { pointer: "/data/relationships/vacancy" },
    });
    const [row] = await invitationRows(vacancy);
    expect(row).toMatchObject({ status: "withdrawn", answeredAt: null, applicationId: null });
  });

  it("only the invited volunteer answers: anyone else gets a 404 and nothing changes", async () => {
    const { id, vacancy } = await invited(pool.cem);
    for (const who of [staffC, memberC, adminO, volunteer, pool.anna]) {
      expect((await answerAs(who, id, "accept")).statusCode).toBe(404);
    }
    expect(
      (await answerAs({ ...pool.cem, headers: other.staff.headers }, id, "accept")).statusCode,
    ).toBe(404);
    const bad = await answerAs(pool.cem, id, "maybe");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].source.pointer).toBe("/data/attributes/event");
    const [row] = await invitationRows(vacancy);
    expect(row.status).toBe("pending");
    const list = await get("/pool_invitations", staffC.headers);
    expect(list.json().data).toEqual([]);
  });

  it("every notice went through the job queue", async () => {
    const queued = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.kind, "notify.invitation"));
    expect(queued.length).toBeGreaterThan(0);
    expect(queued.every((j) => j.tenantId === tenant.id)).toBe(true);
  });
});
