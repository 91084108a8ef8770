import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  activities,
  activityRegistrations,
  activitySeries,
  auditEvents,
  jobs,
  notifications,
} from "../../backend/db/schema";
import { activityRemindersJob } from "../../backend/jobs/notify-activity";
import { enqueue } from "../../backend/jobs/queue";
import { createActivity } from "./support/activity-factories";
import { createTestApp, type TestApp } from "./support/app";
import { NO_RATE_LIMITS } from "./support/auth";
import {
  addRole,
  createOrganization,
  createTenantWithCenter,
  createUser,
} from "./support/factories";
import { createDesk, signedIn } from "./support/resources";

// Writing activities (docs/activity-writes.md): POST, PATCH, DELETE, the status machine
// (docs/status-machines.md, "Activities"), copy, capacity and the waiting list, the notices
// to the people of an activity, the 48-hour reminder, and recurring series.

type TPerson = { id: number; email: string; headers: Record<string, string> };
type TTenant = { id: number; slug: string };

const HOUR = 3600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let tenant: TTenant;
let C: number;
let D: number;
let O: number;
let OD: number;
let desk: number;
let otherDesk: number;
let deskOfD: number;
let adminC: TPerson;
let memberC: TPerson;
let manager: TPerson;
let adminD: TPerson;
let staffO: TPerson;
let volunteer: TPerson;
let foreign: TPerson;
let foreignActivity: number;
let foreignDesk: number;

async function person(
  where: TTenant,
  attrs: Parameters<typeof createUser>[2] = {},
  role?: Parameters<typeof addRole>[3],
  resource?: Parameters<typeof addRole>[4],
): Promise<TPerson> {
  const db = t.database.db;
  const user = await createUser(db, where.id, attrs);
  if (role) await addRole(db, where.id, user.id, role, resource);
  return { id: user.id, email: user.email, headers: await signedIn(db, where, user.id) };
}

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" }, { auth: { rateLimits: NO_RATE_LIMITS } });
  const db = t.database.db;
  const made = await createTenantWithCenter(db);
  tenant = made.tenant;
  C = made.center.id;
  D = (await createOrganization(db, tenant.id, { type: "VolunteerCenter", name: "Centre D" })).id;
  O = (await createOrganization(db, tenant.id, { volunteerCenterId: C })).id;
  OD = (await createOrganization(db, tenant.id, { volunteerCenterId: D })).id;
  desk = (await createDesk(db, tenant.id, { volunteerCenterId: C })).id;
  otherDesk = (await createDesk(db, tenant.id, { volunteerCenterId: C })).id;
  deskOfD = (await createDesk(db, tenant.id, { volunteerCenterId: D })).id;
  adminC = await person(tenant, {}, "admin", { type: "Organization", id: C });
  memberC = await person(tenant, { locale: "en" }, "member", { type: "Organization", id: C });
  manager = await person(tenant, {}, "desk_manager", { type: "Desk", id: desk });
  adminD = await person(tenant, {}, "admin", { type: "Organization", id: D });
  staffO = await person(tenant, {}, "admin", { type: "Organization", id: O });
  volunteer = await person(tenant, {});
  const elsewhere = await createTenantWithCenter(db);
  foreign = await person(elsewhere.tenant, {}, "superadmin");
  foreignActivity = (
    await createActivity(db, elsewhere.tenant.id, { volunteerCenterId: elsewhere.center.id })
  ).id;
  foreignDesk = (
    await createDesk(db, elsewhere.tenant.id, { volunteerCenterId: elsewhere.center.id })
  ).id;
});
afterAll(() => t.close());

const json = { "content-type": "application/vnd.api+json" };
const call = (
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
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

const link = (type: string, id: number | null) => ({
  data: id === null ? null : { type, id: String(id) },
});
const future = (days: number, hour = 19) => {
  const at = new Date(Date.now() + days * DAY);
  at.setUTCHours(hour - 1, 0, 0, 0);
  return at;
};

const create = (
  who: TPerson,
  attributes: Record<string, unknown>,
  relationships: Record<string, unknown> = {},
) =>
  call("POST", "/activities", who.headers, {
    data: { type: "activities", attributes, relationships },
  });
const patch = (
  who: TPerson,
  id: number,
  attributes: Record<string, unknown>,
  relationships?: Record<string, unknown>,
  query = "",
) =>
  call("PATCH", `/activities/${id}${query}`, who.headers, {
    data: {
      type: "activities",
      id: String(id),
      attributes,
      ...(relationships ? { relationships } : {}),
    },
  });
const transition = (who: TPerson, id: number, status: string, query = "") =>
  call("PUT", `/activities/${id}/transition${query}`, who.headers, {
    data: { type: "activities", attributes: { status } },
  });

/** A fresh activity of C at the desk, ten days ahead unless told. */
const activityOf = async (
  status: "draft" | "published" | "cancelled",
  attrs: Partial<typeof activities.$inferInsert> = {},
) =>
  (
    await createActivity(t.database.db, tenant.id, {
      volunteerCenterId: C,
      deskId: desk,
      status,
      startsAt: future(10),
      publishedAt: status === "draft" ? null : new Date(),
      ...attrs,
    })
  ).id;

async function stored(id: number) {
  const [row] = await t.database.db.select().from(activities).where(eq(activities.id, id));
  return row;
}

const errorOf = (res: { json: () => unknown }) =>
  (res.json() as { errors: { code: string; source?: { pointer?: string } }[] }).errors[0];

/** Everything of the tenant a write could touch, to prove a refusal touched none of it. */
async function tenantState() {
  const db = t.database.db;
  return JSON.stringify({
    activities: await db
      .select()
      .from(activities)
      .where(eq(activities.tenantId, tenant.id))
      .orderBy(asc(activities.id)),
    series: await db.select().from(activitySeries).where(eq(activitySeries.tenantId, tenant.id)),
    places: await db
      .select()
      .from(activityRegistrations)
      .where(eq(activityRegistrations.tenantId, tenant.id))
      .orderBy(asc(activityRegistrations.id)),
    audit: await db.$count(auditEvents, eq(auditEvents.tenantId, tenant.id)),
    jobs: await db.$count(jobs, eq(jobs.tenantId, tenant.id)),
  });
}

async function refusedUnchanged(
  send: () => Promise<{ statusCode: number; body: string; json: () => unknown }>,
  status: number,
) {
  const before = await tenantState();
  const res = await send();
  expect(res.statusCode, res.body).toBe(status);
  expect(await tenantState()).toBe(before);
  return res;
}

async function auditOf(id: number) {
  return t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectType, "Activity"), eq(auditEvents.subjectId, id)))
    .orderBy(asc(auditEvents.id));
}

/** Places at an activity, in the order given; `createdAt` how long ago they were taken. */
async function places(
  activityId: number,
  list: { status: "registered" | "waitlisted" | "cancelled"; ago?: number; locale?: "nl" | "en" }[],
) {
  const out: { id: number; userId: number; email: string }[] = [];
  for (const entry of list) {
    const user = await createUser(t.database.db, tenant.id, { locale: entry.locale ?? "nl" });
    const [row] = await t.database.db
      .insert(activityRegistrations)
      .values({
        tenantId: tenant.id,
        activityId,
        userId: user.id,
        status: entry.status,
        cancelledAt: entry.status === "cancelled" ? new Date() : null,
        createdAt: new Date(Date.now() - (entry.ago ?? 0)),
      })
      .returning();
    out.push({ id: row.id, userId: user.id, email: user.email });
  }
  return out;
}

const mailsTo = (from: number, email: string) =>
  t.mailer.sent.slice(from).filter((m) => m.to === email);

describe("POST /api/v1/activities", () => {
  it("adds a draft of the site's centre with sanitised text, its place and time", async () => {
    const starts = future(12);
    const res = await create(adminC, {
      title: "Samen koken",
      summary: "Een avond koken",
      description: '<p>Welkom<script>alert(1)</script> <a href="javascript:alert(1)">x</a></p>',
      starts_at: starts.toISOString(),
      ends_at: new Date(starts.getTime() + 2 * HOUR).toISOString(),
      location_name: "Buurthuis",
      postal_code: "8096 BC",
      capacity: 12,
      image_url: "https://example.test/kok.jpg",
    });
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json();
    expect(data.type).toBe("activity");
    expect(data.attributes).toMatchObject({
      title: "Samen koken",
      status: "draft",
      volunteer_center_id: C,
      desk_id: null,
      capacity: 12,
      spots_left: 12,
      postal_code: "8096 BC",
      location_name: "Buurthuis",
      series_id: null,
    });
    expect(data.attributes.latitude).toBeCloseTo(52.4449, 3);
    const row = await stored(Number(data.id));
    expect(row.description).toContain("Welkom");
    expect(row.description).not.toContain("script");
    expect(row.description).not.toContain("javascript");
    expect(row.startsAt.toISOString()).toBe(starts.toISOString());
    const audit = await auditOf(row.id);
    expect(audit.map((a) => a.action)).toEqual(["activity_created"]);
    expect(audit[0]).toMatchObject({ actorId: adminC.id, volunteerCenterId: C });
  });

  it("takes the desk's centre, and lets the desk's manager add to their own desk only", async () => {
    const res = await create(
      manager,
      { title: "Taalcafé", starts_at: future(5).toISOString() },
      { desk: link("desks", desk), organization: link("organizations", O) },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.attributes).toMatchObject({
      desk_id: desk,
      volunteer_center_id: C,
      organization_id: O,
    });
    await refusedUnchanged(
      () => create(manager, { title: "Elders", starts_at: future(5).toISOString() }),
      403,
    );
    await refusedUnchanged(
      () =>
        create(
          manager,
          { title: "Andere balie", starts_at: future(5).toISOString() },
          { desk: link("desks", otherDesk) },
        ),
      403,
    );
  });

  it("takes a mail address to sign up by, which closes the api's own sign-up", async () => {
    const res = await create(adminC, {
      title: "Aanmelden per mail",
      starts_at: future(6).toISOString(),
      registration_url: "mailto:aanmelden@example.nl",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.attributes).toMatchObject({
      registration_url: "mailto:aanmelden@example.nl",
      registration_open: false,
    });
  });

  it("refuses those who do not run the centre's activities, writing nothing", async () => {
    const body = { title: "Niet van jou", starts_at: future(5).toISOString() };
    for (const who of [staffO, volunteer, adminD]) {
      await refusedUnchanged(() => create(who, body), 403);
    }
    await refusedUnchanged(
      () =>
        call(
          "POST",
          "/activities",
          { "x-tenant": tenant.slug },
          { data: { type: "activities", attributes: body } },
        ),
      401,
    );
  });

  // Relationships as functions: the ids exist once the world is built.
  const none = () => ({});
  it.each([
    [{ starts_at: "2030-01-01T10:00:00Z" }, none, "/data/attributes/title", "blank"],
    [{ title: "Zonder tijd" }, none, "/data/attributes/starts_at", "blank"],
    [
      {
        title: "Achterstevoren",
        starts_at: "2030-01-01T10:00:00Z",
        ends_at: "2030-01-01T09:00:00Z",
      },
      none,
      "/data/attributes/ends_at",
      "greater_than_or_equal_to",
    ],
    [
      { title: "Nergens", starts_at: "2030-01-01T10:00:00Z", postal_code: "9999 ZZ" },
      none,
      "/data/attributes/postal_code",
      "unknown_place",
    ],
    [
      { title: "Zonder zone", starts_at: "2030-01-01T10:00:00" },
      none,
      "/data/attributes/starts_at",
    ],
    [
      { title: "Nul", starts_at: "2030-01-01T10:00:00Z", capacity: 0 },
      none,
      "/data/attributes/capacity",
    ],
    [
      { title: "Onveilig", starts_at: "2030-01-01T10:00:00Z", registration_url: "http://x.nl" },
      none,
      "/data/attributes/registration_url",
    ],
    [
      { title: "Geen adres", starts_at: "2030-01-01T10:00:00Z", registration_url: "mailto:" },
      none,
      "/data/attributes/registration_url",
    ],
    [{ title: "Te vroeg", starts_at: "1999-12-31T10:00:00Z" }, none, "/data/attributes/starts_at"],
    [
      { title: "Status", starts_at: "2030-01-01T10:00:00Z", status: "published" },
      none,
      "/data/attributes",
    ],
    [
      { title: "Andere tenant", starts_at: "2030-01-01T10:00:00Z" },
      () => ({ desk: link("desks", foreignDesk) }),
      "/data/relationships/desk",
      "blank",
    ],
    [
      { title: "Organisatie van D", starts_at: "2030-01-01T10:00:00Z" },
      () => ({ organization: link("organizations", OD) }),
      "/data/relationships/organization",
      "invalid",
    ],
    [
      { title: "Balie van D", starts_at: "2030-01-01T10:00:00Z" },
      () => ({ volunteer_center: link("volunteer_centers", C), desk: link("desks", deskOfD) }),
      "/data/relationships/desk",
      "invalid",
    ],
    [
      { title: "Geen centrum", starts_at: "2030-01-01T10:00:00Z" },
      () => ({ volunteer_center: link("volunteer_centers", O) }),
      "/data/relationships/volunteer_center",
      "blank",
    ],
  ] as [Record<string, unknown>, () => Record<string, unknown>, string, string?][])(
    "refuses %j with a 422 on its pointer, writing nothing",
    async (attributes, relationships, pointer, code) => {
      const res = await refusedUnchanged(() => create(adminC, attributes, relationships()), 422);
      const error = errorOf(res);
      expect(error.source?.pointer ?? "").toContain(pointer);
      if (code) expect(error.code).toBe(code);
    },
  );
});

describe("PATCH /api/v1/activities/:id", () => {
  it("edits the attributes given and records which changed; the same values change nothing", async () => {
    const id = await activityOf("draft", { title: "Oud" });
    const res = await patch(manager, id, {
      title: "Nieuw",
      description: "<p>Tekst<img src=x onerror=alert(1)></p>",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attributes.title).toBe("Nieuw");
    const row = await stored(id);
    expect(row.description).not.toContain("onerror");
    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(["activity_updated"]);
    expect(audit[0].details).toMatchObject({ changed: ["title", "description"] });
    const again = await patch(manager, id, { title: "Nieuw" });
    expect(again.statusCode).toBe(200);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it("hides a draft from whoever may not write it (404) and refuses a public one (403)", async () => {
    const draft = await activityOf("draft");
    const published = await activityOf("published");
    for (const who of [volunteer, staffO, adminD]) {
      await refusedUnchanged(() => patch(who, draft, { title: "x" }), 404);
      await refusedUnchanged(() => patch(who, published, { title: "x" }), 403);
    }
    await refusedUnchanged(() => patch(foreign, draft, { title: "x" }), 404);
    await refusedUnchanged(() => patch(adminC, foreignActivity, { title: "x" }), 404);
  });

  it("refuses a mismatched id, another centre and a desk the caller does not run", async () => {
    const id = await activityOf("draft");
    const mismatch = await refusedUnchanged(
      () =>
        call("PATCH", `/activities/${id}`, adminC.headers, {
          data: { type: "activities", id: String(id + 1), attributes: { title: "x" } },
        }),
      422,
    );
    expect(errorOf(mismatch).source?.pointer).toBe("/data/id");
    await refusedUnchanged(
      () => patch(adminC, id, {}, { volunteer_center: link("volunteer_centers", D) }),
      422,
    );
    await refusedUnchanged(() => patch(adminC, id, {}, { desk: link("desks", deskOfD) }), 422);
    // The desk's manager may not move it away from their desk, nor take it off any desk.
    await refusedUnchanged(() => patch(manager, id, {}, { desk: link("desks", otherDesk) }), 403);
    await refusedUnchanged(() => patch(manager, id, {}, { desk: link("desks", null) }), 403);
    const moved = await patch(adminC, id, {}, { desk: link("desks", otherDesk) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await stored(id)).deskId).toBe(otherDesk);
  });
});

describe("PUT /api/v1/activities/:id/transition", () => {
  it("publishes a draft, cancels a published one, and keeps a cancelled one cancelled", async () => {
    const id = await activityOf("draft");
    const published = await transition(adminC, id, "published");
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data.attributes.status).toBe("published");
    expect((await stored(id)).publishedAt).not.toBeNull();
    const same = await transition(adminC, id, "published");
    expect(same.statusCode).toBe(200);
    const cancelled = await transition(manager, id, "cancelled");
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const again = await refusedUnchanged(() => transition(adminC, id, "published"), 422);
    expect(errorOf(again)).toMatchObject({
      code: "invalid_transition",
      source: { pointer: "/data/attributes/status" },
    });
    await refusedUnchanged(() => transition(adminC, id, "draft"), 422);
    const audit = await auditOf(id);
    expect(audit.map((a) => [a.action, a.details])).toEqual([
      ["activity_status_changed", { from: "draft", to: "published" }],
      ["activity_status_changed", { from: "published", to: "cancelled" }],
    ]);
  });

  it("does not cancel a draft (it is deleted instead), nor take an unknown status", async () => {
    const id = await activityOf("draft");
    await refusedUnchanged(() => transition(adminC, id, "cancelled"), 422);
    await refusedUnchanged(() => transition(adminC, id, "archived"), 422);
    const published = await activityOf("published");
    await refusedUnchanged(() => transition(volunteer, published, "cancelled"), 403);
  });
});

describe("POST /api/v1/activities/:id/copy", () => {
  it("makes a draft copy titled in the caller's language, without its people or series", async () => {
    const id = await activityOf("published", { title: "Wandelen", capacity: 8 });
    await places(id, [{ status: "registered" }]);
    const nl = await call("POST", `/activities/${id}/copy`, adminC.headers);
    expect(nl.statusCode, nl.body).toBe(201);
    expect(nl.json().data.attributes).toMatchObject({
      title: "Kopie van Wandelen",
      status: "draft",
      capacity: 8,
      desk_id: desk,
      registrations_count: 0,
      published_at: null,
    });
    const en = await call("POST", `/activities/${id}/copy`, memberC.headers);
    expect(en.json().data.attributes.title).toBe("Copy of Wandelen");
    const copyId = Number(nl.json().data.id);
    expect((await auditOf(copyId))[0]).toMatchObject({
      action: "activity_created",
      details: { copy_of: id },
    });
    await refusedUnchanged(() => call("POST", `/activities/${id}/copy`, volunteer.headers), 403);
    await refusedUnchanged(
      () => call("POST", `/activities/${foreignActivity}/copy`, adminC.headers),
      404,
    );
  });
});

describe("DELETE /api/v1/activities/:id", () => {
  it("deletes a draft, and keeps a published or cancelled one (409 not_deletable)", async () => {
    const draft = await activityOf("draft");
    const res = await call("DELETE", `/activities/${draft}`, manager.headers);
    expect(res.statusCode, res.body).toBe(204);
    expect(await stored(draft)).toBeUndefined();
    expect((await auditOf(draft)).map((a) => a.action)).toEqual(["activity_deleted"]);
    for (const status of ["published", "cancelled"] as const) {
      const id = await activityOf(status);
      const refused = await refusedUnchanged(
        () => call("DELETE", `/activities/${id}`, adminC.headers),
        409,
      );
      expect(errorOf(refused).code).toBe("not_deletable");
    }
    const hidden = await activityOf("draft");
    await refusedUnchanged(() => call("DELETE", `/activities/${hidden}`, volunteer.headers), 404);
  });
});

describe("capacity and the waiting list", () => {
  it("takes nobody's place when lowered, and moves people up in order when raised", async () => {
    const id = await activityOf("published", { capacity: 2 });
    const people = await places(id, [
      { status: "registered" },
      { status: "registered" },
      { status: "waitlisted", locale: "en" },
      { status: "waitlisted" },
      { status: "waitlisted" },
    ]);
    const statuses = async () =>
      (
        await t.database.db
          .select({ id: activityRegistrations.id, status: activityRegistrations.status })
          .from(activityRegistrations)
          .where(eq(activityRegistrations.activityId, id))
          .orderBy(asc(activityRegistrations.id))
      ).map((r) => r.status);

    const lowered = await patch(adminC, id, { capacity: 1 });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(lowered.json().meta.moved_up).toBe(0);
    expect(await statuses()).toEqual([
      "registered",
      "registered",
      "waitlisted",
      "waitlisted",
      "waitlisted",
    ]);

    // Back to 3: one place is free beyond the two taken; the first in line gets it.
    const sent = t.mailer.sent.length;
    const raised = await patch(adminC, id, { capacity: 3 });
    expect(raised.json().meta.moved_up).toBe(1);
    expect(await statuses()).toEqual([
      "registered",
      "registered",
      "registered",
      "waitlisted",
      "waitlisted",
    ]);
    const mails = mailsTo(sent, people[2].email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/^A place came free: /);

    const open = await patch(adminC, id, { capacity: null });
    expect(open.json().meta.moved_up).toBe(2);
    expect(await statuses()).toEqual(Array(5).fill("registered"));
    expect(mailsTo(sent, people[3].email)[0].subject).toMatch(/^Er is een plek vrij: /);
  });

  it("moves nobody up at a draft or cancelled activity", async () => {
    const id = await activityOf("cancelled", { capacity: 1 });
    const people = await places(id, [{ status: "registered" }, { status: "waitlisted" }]);
    const res = await patch(adminC, id, { capacity: 5 });
    expect(res.json().meta.moved_up).toBe(0);
    const [row] = await t.database.db
      .select()
      .from(activityRegistrations)
      .where(eq(activityRegistrations.id, people[1].id));
    expect(row.status).toBe("waitlisted");
  });
});

describe("what the people of an activity hear", () => {
  it("a new time or place of a published activity: everyone registered or waiting, in their language", async () => {
    const id = await activityOf("published", { title: "Fietstocht" });
    const [nl, en, gone] = await places(id, [
      { status: "registered" },
      { status: "waitlisted", locale: "en" },
      { status: "cancelled" },
    ]);
    const sent = t.mailer.sent.length;
    const res = await patch(adminC, id, {
      starts_at: future(11).toISOString(),
      ends_at: future(11, 21).toISOString(),
      city: "Zwolle",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta.told).toBe(2);
    expect(mailsTo(sent, nl.email).map((m) => m.subject)).toEqual(["Gewijzigd: Fietstocht"]);
    expect(mailsTo(sent, en.email).map((m) => m.subject)).toEqual(["Changed: Fietstocht"]);
    expect(mailsTo(sent, gone.email)).toHaveLength(0);
    expect(mailsTo(sent, en.email)[0].text).toContain("Zwolle");
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(inArray(notifications.userId, [nl.userId, en.userId, gone.userId]));
    expect(told.map((n) => n.url)).toEqual([`/activiteiten/${id}`, `/activiteiten/${id}`]);
    const queued = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.tenantId, tenant.id), eq(jobs.kind, "notify.activity")));
    const mine = queued.filter((j) =>
      [nl.id, en.id].includes((j.payload as { registrationId: number }).registrationId),
    );
    expect(mine).toHaveLength(2);

    // Another word of the text is no news to them.
    const quiet = t.mailer.sent.length;
    await patch(adminC, id, { summary: "Neem een fiets mee" });
    expect(mailsTo(quiet, nl.email)).toHaveLength(0);
  });

  it("a change that is refused tells nobody", async () => {
    const id = await activityOf("published");
    const [someone] = await places(id, [{ status: "registered" }]);
    const sent = t.mailer.sent.length;
    await refusedUnchanged(
      () =>
        patch(adminC, id, {
          starts_at: future(20).toISOString(),
          ends_at: future(19).toISOString(),
        }),
      422,
    );
    expect(mailsTo(sent, someone.email)).toHaveLength(0);
  });

  it("a draft's or a past activity's new time tells nobody", async () => {
    const draft = await activityOf("draft");
    const past = await activityOf("published", { startsAt: new Date(Date.now() - DAY) });
    const [a] = await places(draft, [{ status: "registered" }]);
    const [b] = await places(past, [{ status: "registered" }]);
    const sent = t.mailer.sent.length;
    await patch(adminC, draft, { starts_at: future(3).toISOString() });
    await patch(adminC, past, { location_name: "Elders" });
    expect(mailsTo(sent, a.email)).toHaveLength(0);
    expect(mailsTo(sent, b.email)).toHaveLength(0);
  });

  it("a cancellation: everyone registered or waiting, once", async () => {
    const id = await activityOf("published", { title: "Picknick" });
    const [nl, en] = await places(id, [
      { status: "registered" },
      { status: "waitlisted", locale: "en" },
    ]);
    const sent = t.mailer.sent.length;
    const res = await transition(adminC, id, "cancelled");
    expect(res.json().meta.told).toBe(2);
    expect(mailsTo(sent, nl.email).map((m) => m.subject)).toEqual(["Gaat niet door: Picknick"]);
    expect(mailsTo(sent, en.email).map((m) => m.subject)).toEqual(["Cancelled: Picknick"]);
    // The places stay as they were: the centre still sees who was coming.
    const rows = await t.database.db
      .select({ status: activityRegistrations.status })
      .from(activityRegistrations)
      .where(eq(activityRegistrations.activityId, id))
      .orderBy(asc(activityRegistrations.id));
    expect(rows.map((r) => r.status)).toEqual(["registered", "waitlisted"]);
  });
});

describe("the 48-hour reminder", () => {
  async function runReminders() {
    await enqueue(t.database.db, activityRemindersJob, {}, { tenantId: tenant.id });
    await t.app.jobs.drain();
  }

  it("reminds each registered person once, not the waiting list nor who signed up late", async () => {
    const id = await activityOf("published", {
      title: "Klussen",
      startsAt: new Date(Date.now() + 40 * HOUR),
    });
    const [early, waiting, late] = await places(id, [
      { status: "registered", ago: 3 * DAY, locale: "en" },
      { status: "waitlisted", ago: 3 * DAY },
      { status: "registered", ago: HOUR },
    ]);
    const far = await activityOf("published", { startsAt: new Date(Date.now() + 60 * HOUR) });
    const [notYet] = await places(far, [{ status: "registered", ago: 3 * DAY }]);
    const cancelled = await activityOf("cancelled", { startsAt: new Date(Date.now() + 30 * HOUR) });
    const [called] = await places(cancelled, [{ status: "registered", ago: 3 * DAY }]);
    const sent = t.mailer.sent.length;
    await runReminders();
    expect(mailsTo(sent, early.email).map((m) => m.subject)).toEqual(["In two days: Klussen"]);
    for (const nobody of [waiting, late, notYet, called]) {
      expect(mailsTo(sent, nobody.email)).toHaveLength(0);
    }
    await runReminders();
    expect(mailsTo(sent, early.email)).toHaveLength(1);
  });

  it("runs from the schedule as a platform job that hands each tenant its own", async () => {
    const id = await activityOf("published", {
      title: "Schilderen",
      startsAt: new Date(Date.now() + 47 * HOUR),
    });
    const [someone] = await places(id, [{ status: "registered", ago: 4 * DAY }]);
    const sent = t.mailer.sent.length;
    await enqueue(t.database.db, activityRemindersJob, {}, { tenantId: null });
    await t.app.jobs.drain();
    expect(mailsTo(sent, someone.email).map((m) => m.subject)).toEqual([
      "Over twee dagen: Schilderen",
    ]);
  });
});

describe("series", () => {
  const amsterdamTime = (d: Date) =>
    new Intl.DateTimeFormat("nl-NL", {
      timeZone: "Europe/Amsterdam",
      hour: "2-digit",
      minute: "2-digit",
    }).format(d);

  const series = (who: TPerson, attributes: Record<string, unknown>, rels = {}) =>
    call("POST", "/activity_series", who.headers, {
      data: { type: "activity_series", attributes, relationships: rels },
    });

  async function occurrences(ids: string[]) {
    return t.database.db
      .select()
      .from(activities)
      .where(inArray(activities.id, ids.map(Number)))
      .orderBy(asc(activities.startsAt));
  }

  it("makes weekly drafts at 19:00 Dutch time across the clock change, skipping exceptions", async () => {
    const res = await series(
      manager,
      {
        title: "Koor",
        starts_at: "2030-10-13T19:00:00+02:00",
        ends_at: "2030-10-13T21:00:00+02:00",
        interval_weeks: 1,
        count: 4,
        exception_dates: ["2030-10-20"],
      },
      { desk: link("desks", desk) },
    );
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json();
    expect(data.type).toBe("activity_series");
    expect(data.attributes).toMatchObject({ interval_weeks: 1, count: 4, until: null });
    const rows = await occurrences(data.attributes.activity_ids);
    expect(rows.map((r) => r.startsAt.toISOString())).toEqual([
      "2030-10-13T17:00:00.000Z",
      // 2030-10-27: winter time, still 19:00 on the clock.
      "2030-10-27T18:00:00.000Z",
      "2030-11-03T18:00:00.000Z",
    ]);
    expect(rows.every((r) => amsterdamTime(r.startsAt) === "19:00")).toBe(true);
    expect(rows.every((r) => r.endsAt && amsterdamTime(r.endsAt) === "21:00")).toBe(true);
    expect(rows.every((r) => r.status === "draft" && r.deskId === desk)).toBe(true);
    expect(new Set(rows.map((r) => r.seriesId))).toEqual(new Set([Number(data.id)]));
    expect((await auditOf(rows[0].id))[0].details).toEqual({ series_id: Number(data.id) });
  });

  it("runs until a day, every N weeks, at most 104 occurrences", async () => {
    const res = await series(adminC, {
      title: "Tuinieren",
      starts_at: "2030-03-05T10:00:00+01:00",
      interval_weeks: 2,
      until: "2030-04-30",
    });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await occurrences(res.json().data.attributes.activity_ids);
    expect(rows.map((r) => amsterdamTime(r.startsAt))).toEqual(Array(5).fill("10:00"));
    expect(rows).toHaveLength(5);
    const tooMany = await refusedUnchanged(
      () =>
        series(adminC, {
          title: "Te lang",
          starts_at: "2030-01-01T10:00:00Z",
          interval_weeks: 1,
          until: "2033-01-01",
        }),
      422,
    );
    expect(errorOf(tooMany).code).toBe("too_many");
  });

  it.each([
    [{ interval_weeks: 1 }],
    [{ interval_weeks: 1, count: 2, until: "2030-02-01" }],
    [{ interval_weeks: 0, count: 2 }],
    [{ interval_weeks: 53, count: 2 }],
    [{ interval_weeks: 1, count: 105 }],
    [{ interval_weeks: 1, until: "2029-01-01" }],
    [{ interval_weeks: 1, count: 1, exception_dates: ["2030-01-01"] }],
  ])("refuses the rule %j, writing nothing", async (rule) => {
    await refusedUnchanged(
      () => series(adminC, { title: "Regel", starts_at: "2030-01-01T10:00:00Z", ...rule }),
      422,
    );
  });

  it("refuses whoever does not run the desk's activities", async () => {
    const rule = {
      title: "Niet van jou",
      starts_at: "2030-01-01T10:00:00Z",
      interval_weeks: 1,
      count: 2,
    };
    await refusedUnchanged(() => series(volunteer, rule, { desk: link("desks", desk) }), 403);
    await refusedUnchanged(() => series(manager, rule), 403);
  });

  it("edits this one, or this and the following, and cancels one occurrence", async () => {
    const made = await series(adminC, {
      title: "Yoga",
      starts_at: "2030-03-18T19:00:00+01:00",
      ends_at: "2030-03-18T20:00:00+01:00",
      interval_weeks: 1,
      count: 4,
    });
    const ids: string[] = made.json().data.attributes.activity_ids;
    const [first, second, third, fourth] = ids.map(Number);

    // Publish them all from the first on.
    const published = await transition(adminC, first, "published", "?scope=following");
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().meta.changed_ids).toEqual(ids);

    // This one only.
    await patch(adminC, second, { title: "Yoga (buiten)" });
    expect((await stored(second)).title).toBe("Yoga (buiten)");
    expect((await stored(third)).title).toBe("Yoga");

    // This and the following: an hour later, across the clock change of 2030-03-31.
    const res = await patch(
      adminC,
      third,
      {
        starts_at: "2030-04-01T20:00:00+02:00",
        ends_at: "2030-04-01T21:00:00+02:00",
        capacity: 10,
      },
      undefined,
      "?scope=following",
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta.changed_ids).toEqual([String(third), String(fourth)]);
    const rows = await occurrences(ids);
    expect(rows.map((r) => `${r.id} ${amsterdamTime(r.startsAt)} ${r.capacity}`)).toEqual([
      `${first} 19:00 null`,
      `${second} 19:00 null`,
      `${third} 20:00 10`,
      `${fourth} 20:00 10`,
    ]);
    // Each kept its length of an hour; the last is a week after the third, at 20:00 CEST.
    expect(rows[3].startsAt.toISOString()).toBe("2030-04-08T18:00:00.000Z");
    expect(rows.every((r) => r.endsAt && r.endsAt.getTime() - r.startsAt.getTime() === HOUR)).toBe(
      true,
    );

    // Cancelling one occurrence leaves the others.
    const cancelled = await transition(adminC, second, "cancelled");
    expect(cancelled.statusCode).toBe(200);
    const after = await occurrences(ids);
    expect(after.map((r) => r.status)).toEqual([
      "published",
      "cancelled",
      "published",
      "published",
    ]);
  });

  it("refuses an unknown scope, and a following edit reaching an occurrence not the caller's", async () => {
    const made = await series(
      adminC,
      { title: "Schaken", starts_at: "2030-05-01T19:00:00+02:00", interval_weeks: 1, count: 3 },
      { desk: link("desks", desk) },
    );
    const ids: number[] = made.json().data.attributes.activity_ids.map(Number);
    await refusedUnchanged(
      () => patch(adminC, ids[0], { title: "x" }, undefined, "?scope=all"),
      400,
    );
    // The last one moved to another desk: its manager's edit of "following" stops at it.
    await patch(adminC, ids[2], {}, { desk: link("desks", otherDesk) });
    await refusedUnchanged(
      () => patch(manager, ids[0], { title: "Schaken!" }, undefined, "?scope=following"),
      403,
    );
  });
});
