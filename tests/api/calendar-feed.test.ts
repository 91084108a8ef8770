import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueToken } from "../../backend/auth/authenticate";
import {
  activityRegistrations,
  applications,
  calendarTokens,
  users,
} from "../../backend/db/schema";
import { createActivity } from "./support/activity-factories";
import { createTestApp, type TestApp } from "./support/app";
import { createApplication } from "./support/application-factory";
import { testClock } from "./support/auth";
import { createOrganization, createTenantWithCenter, createUser } from "./support/factories";
import { createVacancy } from "./support/vacancy-factory";

// The personal calendar address (docs/calendar-feed.md): /api/v1/calendar_tokens and the
// feed at /api/v1/calendar/<token>.ics, read without a session. The clock is fixed on the
// Saturday before summer time starts in 2027, so the feed's days are Amsterdam days.

type THeaders = Record<string, string>;
type TSetup = Awaited<ReturnType<typeof createTenantWithCenter>>;

const clock = testClock(new Date("2027-03-27T22:30:00Z")); // Sunday 28 March, 00:30 in Amsterdam
let t: TestApp;
let a: TSetup;
let b: TSetup;
let vera: { id: number; headers: THeaders };
let eve: { id: number; headers: THeaders };
const titles = {
  soon: "Voorlezen in de bibliotheek",
  recent: "Koffie schenken",
  old: "Oud en voorbij",
  declined: "Afgewezen klus",
  undated: "Doorlopend werk",
  others: "Iemand anders",
};

const URL = "/api/v1/calendar_tokens";

async function setUp() {
  const db = t.database.db;
  a = await createTenantWithCenter(db);
  b = await createTenantWithCenter(db);
  const org = await createOrganization(db, a.tenant.id, {
    name: "Bibliotheek Noord",
    volunteerCenterId: a.center.id,
  });
  const person = async (attrs: Parameters<typeof createUser>[2]) => {
    const user = await createUser(db, a.tenant.id, { volunteerCenterId: a.center.id, ...attrs });
    // Issued on the test's clock, so the token is valid at its "now".
    const auth = await issueToken(db, a.tenant.id, user.id, { now: clock.now });
    return { id: user.id, headers: { "x-tenant": a.tenant.slug, ...auth } };
  };
  vera = await person({ firstName: "Vera" });
  eve = await person({ firstName: "Eve", locale: "en" });
  const apply = async (userId: number, title: string, closesOn: string | null) => {
    const vacancy = await createVacancy(db, a.tenant.id, {
      organizationId: org.id,
      volunteerCenterId: a.center.id,
      title,
      closesOn,
    });
    return createApplication(db, a.tenant.id, {
      vacancyId: vacancy.id,
      organizationId: org.id,
      volunteerCenterId: a.center.id,
      userId,
    });
  };
  await apply(vera.id, titles.soon, "2027-03-28");
  await apply(vera.id, titles.recent, "2027-03-01");
  await apply(vera.id, titles.old, "2027-02-20");
  await apply(vera.id, titles.undated, null);
  const declined = await apply(vera.id, titles.declined, "2027-04-02");
  await db.update(applications).set({ status: "declined" }).where(eq(applications.id, declined.id));
  await apply(eve.id, titles.others, "2027-04-03");
  await apply(eve.id, titles.soon, "2027-03-28");

  const activity = (title: string, attrs: Partial<Parameters<typeof createActivity>[2]>) =>
    createActivity(db, a.tenant.id, { volunteerCenterId: a.center.id, title, ...attrs });
  const place = async (
    userId: number,
    activityId: number,
    status: "registered" | "waitlisted" | "cancelled" = "registered",
  ) => {
    await db.insert(activityRegistrations).values({
      tenantId: a.tenant.id,
      activityId,
      userId,
      status,
      cancelledAt: status === "cancelled" ? new Date() : null,
    });
  };
  // Saturday 3 April, 14:00–16:00 in Amsterdam (summer time).
  const cafe = await activity(places.cafe, {
    startsAt: new Date("2027-04-03T12:00:00Z"),
    endsAt: new Date("2027-04-03T14:00:00Z"),
    locationName: "Bibliotheek",
    city: "Oldebroek",
  });
  await place(vera.id, cafe.id);
  await place(eve.id, cafe.id);
  const walk = await activity(places.walk, {
    startsAt: new Date("2027-04-09T22:00:00Z"),
    endsAt: null,
    allDay: true,
  });
  await place(vera.id, walk.id, "waitlisted");
  const market = await activity(places.market, {
    startsAt: new Date("2027-04-05T08:00:00Z"),
    status: "cancelled",
  });
  await place(vera.id, market.id);
  await place(
    vera.id,
    (await activity(places.past, { startsAt: new Date("2027-01-10T10:00:00Z") })).id,
  );
  await place(
    vera.id,
    (await activity(places.givenBack, { startsAt: new Date("2027-04-06T10:00:00Z") })).id,
    "cancelled",
  );
  await place(
    vera.id,
    (await activity(places.draft, { startsAt: new Date("2027-04-07T10:00:00Z"), status: "draft" }))
      .id,
  );
}

const places = {
  cafe: "Taalcafé",
  walk: "Wandeltocht",
  market: "Voorjaarsmarkt",
  past: "Nieuwjaarsborrel",
  givenBack: "Teruggegeven plek",
  draft: "Concept-activiteit",
};

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" }, { auth: { now: clock.now } });
  await setUp();
});
afterAll(() => t.close());

const post = (headers: THeaders) => t.app.inject({ method: "POST", url: URL, headers });
const feedPath = (url: string) => new globalThis.URL(url).pathname;
const feed = (path: string, tenant = a.tenant.slug) =>
  t.app.inject({ method: "GET", url: path, headers: { "x-tenant": tenant } });

async function makeAddress(headers: THeaders) {
  const res = await post(headers);
  expect(res.statusCode).toBe(201);
  return res.json().data.attributes as { url: string; webcal_url: string; active: boolean };
}

describe("the calendar address", () => {
  it("GET says there is none before one is made, and never shows an address", async () => {
    const res = await t.app.inject({ method: "GET", url: URL, headers: vera.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      type: "calendar_token",
      id: String(vera.id),
      attributes: { active: false, url: null, webcal_url: null, created_at: null },
    });
  });

  it("POST makes it and answers its https and webcal address once", async () => {
    const made = await makeAddress(vera.headers);
    expect(made.active).toBe(true);
    expect(made.url).toMatch(/^https?:\/\/localhost(:\d+)?\/api\/v1\/calendar\/[\w-]{43}\.ics$/);
    expect(made.webcal_url).toBe(made.url.replace(/^https?:/, "webcal:"));
    const [row] = await t.database.db
      .select()
      .from(calendarTokens)
      .where(eq(calendarTokens.userId, vera.id));
    // Only the digest is kept: the raw token appears nowhere in the row.
    expect(JSON.stringify(row)).not.toContain(feedPath(made.url).slice(17, 60));
    const again = await t.app.inject({ method: "GET", url: URL, headers: vera.headers });
    expect(again.json().data.attributes).toMatchObject({ active: true, url: null });
    expect(again.json().data.attributes.created_at).toBe("2027-03-27T22:30:00.000Z");
  });

  it("the address is made on the site's host the request came through", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: URL,
      headers: {
        ...eve.headers,
        "x-forwarded-host": "oldebroek.localhost:3000",
        "x-forwarded-proto": "https",
      },
    });
    expect(res.json().data.attributes.url).toMatch(
      /^https:\/\/oldebroek\.localhost:3000\/api\/v1\/calendar\//,
    );
    expect(res.json().data.attributes.webcal_url).toMatch(/^webcal:\/\/oldebroek\.localhost:3000/);
  });

  it("signed out, every calendar_tokens call is a 401", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const res = await t.app.inject({ method, url: URL, headers: { "x-tenant": a.tenant.slug } });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe("the feed", () => {
  it("lists the closing days of the open applications, all day, from a month back", async () => {
    const made = await makeAddress(vera.headers);
    const res = await feed(feedPath(made.url));
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const body = res.body.replace(/\r\n /g, "");
    expect(body).toMatch(/^BEGIN:VCALENDAR/);
    expect(body).toContain("X-WR-CALNAME:Mijn agenda");
    const events = body
      .split("BEGIN:VEVENT")
      .slice(1)
      .filter((e) => e.includes("SUMMARY:Sluitingsdatum"));
    expect(events).toHaveLength(2);
    expect(body).toContain(`SUMMARY:Sluitingsdatum: ${titles.soon}`);
    expect(body).toContain("DTSTART;VALUE=DATE:20270328");
    expect(body).toContain("DTEND;VALUE=DATE:20270329");
    expect(body).toContain(`SUMMARY:Sluitingsdatum: ${titles.recent}`);
    expect(body).toContain("DTSTART;VALUE=DATE:20270301");
    for (const gone of [titles.old, titles.declined, titles.undated, titles.others]) {
      expect(body).not.toContain(gone);
    }
    expect(body).toMatch(/URL;VALUE=URI:http:\/\/localhost(:\d+)?\/applications\/\d+/);
  });

  it("lists the activities with a place or a waiting-list place, from a month back", async () => {
    const made = await makeAddress(vera.headers);
    const body = (await feed(feedPath(made.url))).body.replace(/\r\n /g, "");
    const events = body.split("BEGIN:VEVENT").slice(1);
    const of = (title: string) => events.find((e) => e.includes(title)) ?? "";
    expect(events.filter((e) => e.includes("activity-registration-"))).toHaveLength(3);
    expect(of(places.cafe)).toContain(`SUMMARY:${places.cafe}`);
    expect(of(places.cafe)).toContain("DTSTART:20270403T120000Z");
    expect(of(places.cafe)).toContain("DTEND:20270403T140000Z");
    expect(of(places.cafe)).toContain("LOCATION:Bibliotheek\\, Oldebroek");
    expect(of(places.cafe)).toMatch(/URL;VALUE=URI:http:\/\/localhost(:\d+)?\/activiteiten\/\d+/);
    expect(of(places.walk)).toContain(`SUMMARY:Wachtlijst: ${places.walk}`);
    expect(of(places.walk)).toContain("DTSTART;VALUE=DATE:20270410");
    expect(of(places.market)).toContain(`SUMMARY:Afgelast: ${places.market}`);
    expect(of(places.market)).toContain("STATUS:CANCELLED");
    for (const gone of [places.past, places.givenBack, places.draft]) {
      expect(body).not.toContain(gone);
    }
  });

  it("notes when the address was last used", async () => {
    const made = await makeAddress(vera.headers);
    clock.advance(60_000);
    await feed(feedPath(made.url));
    const [row] = await t.database.db
      .select({ lastUsedAt: calendarTokens.lastUsedAt })
      .from(calendarTokens)
      .where(eq(calendarTokens.userId, vera.id));
    expect(row?.lastUsedAt?.toISOString()).toBe(clock.now().toISOString());
  });

  it("speaks the owner's language", async () => {
    const made = await makeAddress(eve.headers);
    const body = (await feed(feedPath(made.url))).body;
    expect(body).toContain("X-WR-CALNAME:My calendar");
    expect(body).toContain(`SUMMARY:Closing date: ${titles.others}`);
    expect(body).toContain(`SUMMARY:Closing date: ${titles.soon}`);
    expect(body).toContain(`SUMMARY:${places.cafe}`);
    expect(body).not.toContain(places.walk);
  });

  it("making a new address revokes the old one", async () => {
    const first = await makeAddress(vera.headers);
    const second = await makeAddress(vera.headers);
    expect(second.url).not.toBe(first.url);
    expect((await feed(feedPath(first.url))).statusCode).toBe(404);
    expect((await feed(feedPath(second.url))).statusCode).toBe(200);
  });

  it("DELETE revokes it", async () => {
    const made = await makeAddress(vera.headers);
    const res = await t.app.inject({ method: "DELETE", url: URL, headers: vera.headers });
    expect(res.statusCode).toBe(204);
    expect((await feed(feedPath(made.url))).statusCode).toBe(404);
    const now = await t.app.inject({ method: "GET", url: URL, headers: vera.headers });
    expect(now.json().data.attributes.active).toBe(false);
  });

  it("another tenant's site does not know the address: 404", async () => {
    const made = await makeAddress(eve.headers);
    const res = await feed(feedPath(made.url), b.tenant.slug);
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].status).toBe("404");
  });

  it("an unknown or malformed token is a 404", async () => {
    for (const token of ["A".repeat(43), "short", "A".repeat(44), "%2e%2e"]) {
      expect((await feed(`/api/v1/calendar/${token}.ics`)).statusCode).toBe(404);
    }
  });

  it("an archived account's address answers nothing", async () => {
    const made = await makeAddress(eve.headers);
    await t.database.db.update(users).set({ status: "archived" }).where(eq(users.id, eve.id));
    expect((await feed(feedPath(made.url))).statusCode).toBe(404);
    await t.database.db.update(users).set({ status: "active" }).where(eq(users.id, eve.id));
  });
});
