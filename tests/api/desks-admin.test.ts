import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addRole } from "../../backend/auth/roles";
import {
  activities,
  activityRegistrations,
  addresses,
  auditEvents,
  desks,
  roles,
} from "../../backend/db/schema";
import { createActivity } from "./support/activity-factories";
import { createTestApp, type TestApp } from "./support/app";
import { createOrganization, createTenantWithCenter, createUser } from "./support/factories";
import { createDesk, signedIn } from "./support/resources";

/** GET /meedoen/desks/all, PATCH and DELETE /meedoen/desks/:id (docs/desks-admin.md), and
 *  the audit entries of POST, PATCH and DELETE (docs/audit-log.md). */

let t: TestApp;
type TSetup = Awaited<ReturnType<typeof createTenantWithCenter>>;
let a: TSetup;
let b: TSetup;
let otherCentre: number;
type THeaders = Record<string, string>;
let as: { admin: THeaders; adminD: THeaders; superadmin: THeaders; volunteer: THeaders };
let ids: { admin: number; superadmin: number };

const DAY = 86_400_000;

async function person(setup: TSetup, grant?: (userId: number) => Promise<unknown>) {
  const db = t.database.db;
  const user = await createUser(db, setup.tenant.id, { volunteerCenterId: setup.center.id });
  if (grant) await grant(user.id);
  return { id: user.id, headers: await signedIn(db, setup.tenant, user.id) };
}

async function managerOf(deskId: number) {
  return person(a, (id) =>
    addRole(t.database.db, a.tenant.id, id, "desk_manager", { type: "Desk", id: deskId }),
  );
}

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" });
  const db = t.database.db;
  a = await createTenantWithCenter(db);
  b = await createTenantWithCenter(db);
  otherCentre = (
    await createOrganization(db, a.tenant.id, { type: "VolunteerCenter", name: "Centre D" })
  ).id;
  const admin = await person(a, (id) =>
    addRole(db, a.tenant.id, id, "admin", { type: "Organization", id: a.center.id }),
  );
  const adminD = await person(a, (id) =>
    addRole(db, a.tenant.id, id, "admin", { type: "Organization", id: otherCentre }),
  );
  const superadmin = await person(a, (id) => addRole(db, a.tenant.id, id, "superadmin"));
  const volunteer = await person(a, (id) => addRole(db, a.tenant.id, id, "volunteer"));
  as = {
    admin: admin.headers,
    adminD: adminD.headers,
    superadmin: superadmin.headers,
    volunteer: volunteer.headers,
  };
  ids = { admin: admin.id, superadmin: superadmin.id };
});
afterAll(() => t.close());

const send = (
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  headers: THeaders,
  attributes?: Record<string, unknown>,
  id?: number,
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: {
      ...headers,
      ...(attributes ? { "content-type": "application/vnd.api+json" } : {}),
    },
    ...(attributes
      ? {
          payload: JSON.stringify({
            data: { type: "desks", ...(id ? { id: String(id) } : {}), attributes },
          }),
        }
      : {}),
  });

/** The desk's audit entries, oldest first. */
async function auditOf(id: number) {
  return t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectType, "Desk"), eq(auditEvents.subjectId, id)))
    .orderBy(auditEvents.id);
}

/** Desk entries labelled with this name: a refused POST has no desk id to look up. */
async function auditLabelled(label: string) {
  return t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectType, "Desk"), eq(auditEvents.subjectLabel, label)));
}

async function deskRow(id: number) {
  const [row] = await t.database.db.select().from(desks).where(eq(desks.id, id));
  return row;
}

describe("GET /api/v1/meedoen/desks/all", () => {
  it("gives a centre's admin every desk of the centre, inactive ones marked, and no other centre's", async () => {
    const db = t.database.db;
    const placed = await createDesk(db, a.tenant.id, {
      azcName: "Listed placed",
      volunteerCenterId: a.center.id,
    });
    const unplaced = await createDesk(db, a.tenant.id, {
      azcName: "Listed unplaced",
      volunteerCenterId: a.center.id,
      coordinates: null,
    });
    const nov = await createDesk(db, a.tenant.id, {
      azcName: "Balie NOV",
      volunteerCenterId: a.center.id,
    });
    const ofD = await createDesk(db, a.tenant.id, {
      azcName: "Listed of D",
      volunteerCenterId: otherCentre,
    });
    const ofB = await createDesk(db, b.tenant.id, {
      azcName: "Listed of B",
      volunteerCenterId: b.center.id,
    });

    const res = await send("GET", "/meedoen/desks/all?include=address", as.admin);
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      data: { id: string; attributes: { active: boolean; azc_name: string } }[];
      included?: unknown[];
    };
    const active = new Map(body.data.map((d) => [Number(d.id), d.attributes.active]));
    expect(active.get(placed.id)).toBe(true);
    expect(active.get(unplaced.id)).toBe(false);
    expect(active.get(nov.id)).toBe(false);
    expect(active.has(ofD.id)).toBe(false);
    expect(active.has(ofB.id)).toBe(false);
    const names = body.data.map((d) => d.attributes.azc_name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, "en")));
    expect(body.included?.length).toBeGreaterThan(0);

    const all = await send("GET", "/meedoen/desks/all", as.superadmin);
    const ids = (all.json() as { data: { id: string }[] }).data.map((d) => Number(d.id));
    expect(ids).toEqual(expect.arrayContaining([placed.id, unplaced.id, ofD.id]));
    expect(ids).not.toContain(ofB.id);
  });

  it("refuses volunteers and desk managers (403) and the signed out (401)", async () => {
    const desk = await createDesk(t.database.db, a.tenant.id, { volunteerCenterId: a.center.id });
    const manager = await managerOf(desk.id);
    expect((await send("GET", "/meedoen/desks/all", as.volunteer)).statusCode).toBe(403);
    expect((await send("GET", "/meedoen/desks/all", manager.headers)).statusCode).toBe(403);
    expect(
      (await send("GET", "/meedoen/desks/all", { "x-tenant": a.tenant.slug })).statusCode,
    ).toBe(401);
  });
});

describe("PATCH /api/v1/meedoen/desks/:id", () => {
  it("lets the centre's admin change name, phone and coordinates: an inactive desk becomes active", async () => {
    const desk = await createDesk(t.database.db, a.tenant.id, {
      azcName: "To fix",
      volunteerCenterId: a.center.id,
      coordinates: null,
    });
    const res = await send(
      "PATCH",
      `/meedoen/desks/${desk.id}?include=address`,
      as.admin,
      {
        azc_name: "  Fixed  ",
        phone: "",
        address: { city: "Zeist", latitude: "52.09", longitude: 5.23 },
      },
      desk.id,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.attributes).toMatchObject({ azc_name: "Fixed", phone: null, active: true });
    expect(body.included[0].attributes).toMatchObject({ city: "Zeist", latitude: 52.09 });
    expect(await deskRow(desk.id)).toMatchObject({ azcName: "Fixed", phone: null });

    // A second change keeps the one address and the fields it does not name.
    const again = await send("PATCH", `/meedoen/desks/${desk.id}`, as.admin, {
      address: { street: "Laan" },
    });
    expect(again.statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(addresses)
      .where(and(eq(addresses.addressableType, "Desk"), eq(addresses.addressableId, desk.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ street: "Laan", city: "Zeist", longitude: 5.23 });
  });

  it("sanitises the welcome body and lets the desk's own manager edit the welcome text only", async () => {
    const desk = await createDesk(t.database.db, a.tenant.id, {
      azcName: "Welcoming",
      volunteerCenterId: a.center.id,
    });
    const manager = await managerOf(desk.id);
    const res = await send("PATCH", `/meedoen/desks/${desk.id}`, manager.headers, {
      welcome_title: "Welkom",
      welcome_body: '<p onclick="x()">Kom <strong>langs</strong></p><script>alert(1)</script>',
    });
    expect(res.statusCode).toBe(200);
    expect(await deskRow(desk.id)).toMatchObject({
      welcomeTitle: "Welkom",
      welcomeBody: "<p>Kom <strong>langs</strong></p>",
    });

    const rename = await send("PATCH", `/meedoen/desks/${desk.id}`, manager.headers, {
      welcome_title: "Anders",
      azc_name: "Renamed",
    });
    expect(rename.statusCode).toBe(403);
    expect(await deskRow(desk.id)).toMatchObject({ azcName: "Welcoming", welcomeTitle: "Welkom" });

    // Another desk's manager edits nothing of this one.
    const other = await managerOf(
      (await createDesk(t.database.db, a.tenant.id, { volunteerCenterId: a.center.id })).id,
    );
    const foreign = await send("PATCH", `/meedoen/desks/${desk.id}`, other.headers, {
      welcome_title: "Niet van jou",
    });
    expect(foreign.statusCode).toBe(403);

    // A body that sanitises to nothing clears the text.
    const empty = await send("PATCH", `/meedoen/desks/${desk.id}`, manager.headers, {
      welcome_body: "<script>x</script>",
    });
    expect(empty.statusCode).toBe(200);
    expect((await deskRow(desk.id)).welcomeBody).toBeNull();
  });

  it("answers 422 with pointers for invalid attributes and a slug in use, and changes nothing", async () => {
    const db = t.database.db;
    const desk = await createDesk(db, a.tenant.id, {
      azcName: "Valid",
      volunteerCenterId: a.center.id,
    });
    const taken = await createDesk(db, a.tenant.id, { volunteerCenterId: a.center.id });
    const before = await deskRow(desk.id);
    const bad = await send("PATCH", `/meedoen/desks/${desk.id}`, as.admin, {
      azc_name: "",
      email: "not-an-address",
      address: { latitude: 91 },
    });
    expect(bad.statusCode).toBe(422);
    const pointers = (bad.json() as { errors: { source: { pointer: string } }[] }).errors.map(
      (e) => e.source.pointer,
    );
    expect(pointers).toEqual(
      expect.arrayContaining([
        "/data/attributes/azc_name",
        "/data/attributes/email",
        "/data/attributes/address/latitude",
      ]),
    );
    const slug = await send("PATCH", `/meedoen/desks/${desk.id}`, as.admin, {
      azc_name: "Changed",
      slug: taken.slug,
    });
    expect(slug.statusCode).toBe(422);
    expect(slug.json().errors[0]).toMatchObject({
      code: "taken",
      source: { pointer: "/data/attributes/slug" },
    });
    expect(await deskRow(desk.id)).toEqual(before);

    // Its own slug is no conflict.
    const own = await send("PATCH", `/meedoen/desks/${desk.id}`, as.admin, { slug: desk.slug });
    expect(own.statusCode).toBe(200);
  });

  it("moves a desk only for an admin of both centres; another tenant's centre is a 422", async () => {
    const desk = await createDesk(t.database.db, a.tenant.id, { volunteerCenterId: a.center.id });
    const move = { volunteer_center_id: otherCentre };
    expect((await send("PATCH", `/meedoen/desks/${desk.id}`, as.admin, move)).statusCode).toBe(403);
    expect((await send("PATCH", `/meedoen/desks/${desk.id}`, as.adminD, move)).statusCode).toBe(
      403,
    );
    const foreign = await send("PATCH", `/meedoen/desks/${desk.id}`, as.superadmin, {
      volunteer_center_id: b.center.id,
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors[0].source.pointer).toBe("/data/attributes/volunteer_center_id");
    expect((await deskRow(desk.id)).volunteerCenterId).toBe(a.center.id);
    const moved = await send("PATCH", `/meedoen/desks/${desk.id}`, as.superadmin, move);
    expect(moved.statusCode).toBe(200);
    expect((await deskRow(desk.id)).volunteerCenterId).toBe(otherCentre);
  });

  it("answers 404 for another tenant's desk, 403 to a volunteer, 401 signed out", async () => {
    const ofB = await createDesk(t.database.db, b.tenant.id, {
      azcName: "Of B",
      volunteerCenterId: b.center.id,
    });
    const ours = await createDesk(t.database.db, a.tenant.id, { volunteerCenterId: a.center.id });
    const change = { azc_name: "Taken over" };
    expect(
      (await send("PATCH", `/meedoen/desks/${ofB.id}`, as.superadmin, change)).statusCode,
    ).toBe(404);
    expect((await deskRow(ofB.id)).azcName).toBe("Of B");
    expect(
      (await send("PATCH", `/meedoen/desks/${ours.id}`, as.volunteer, change)).statusCode,
    ).toBe(403);
    expect(
      (await send("PATCH", `/meedoen/desks/${ours.id}`, { "x-tenant": a.tenant.slug }, change))
        .statusCode,
    ).toBe(401);
    expect((await send("PATCH", "/meedoen/desks/abc", as.superadmin, change)).statusCode).toBe(404);
  });
});

describe("DELETE /api/v1/meedoen/desks/:id", () => {
  it("refuses with 422 while the desk has an activity to come, and deletes nothing", async () => {
    const db = t.database.db;
    const desk = await createDesk(db, a.tenant.id, { volunteerCenterId: a.center.id });
    await createActivity(db, a.tenant.id, {
      volunteerCenterId: a.center.id,
      deskId: desk.id,
      status: "draft",
      startsAt: new Date(Date.now() + 3 * DAY),
    });
    const res = await send("DELETE", `/meedoen/desks/${desk.id}`, as.admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({
      code: "has_upcoming_activities",
      meta: { upcoming_activities: 1 },
    });
    expect(await deskRow(desk.id)).toBeDefined();
  });

  it("deletes a desk whose activities are over: they stay with the centre, places and all; its managers lose the role", async () => {
    const db = t.database.db;
    const desk = await createDesk(db, a.tenant.id, { volunteerCenterId: a.center.id });
    const past = await createActivity(db, a.tenant.id, {
      volunteerCenterId: a.center.id,
      deskId: desk.id,
      startsAt: new Date(Date.now() - 10 * DAY),
    });
    const cancelled = await createActivity(db, a.tenant.id, {
      volunteerCenterId: a.center.id,
      deskId: desk.id,
      status: "cancelled",
      startsAt: new Date(Date.now() + 10 * DAY),
    });
    const manager = await managerOf(desk.id);
    await db.insert(activityRegistrations).values({
      tenantId: a.tenant.id,
      activityId: past.id,
      userId: manager.id,
      status: "registered",
    });
    expect((await send("DELETE", `/meedoen/desks/${desk.id}`, manager.headers)).statusCode).toBe(
      403,
    );
    expect((await send("DELETE", `/meedoen/desks/${desk.id}`, as.adminD)).statusCode).toBe(403);

    const res = await send("DELETE", `/meedoen/desks/${desk.id}`, as.admin);
    expect(res.statusCode).toBe(204);
    expect(await deskRow(desk.id)).toBeUndefined();
    const kept = await db.select().from(activities).where(eq(activities.id, past.id));
    expect(kept[0]).toMatchObject({ deskId: null, volunteerCenterId: a.center.id });
    const other = await db.select().from(activities).where(eq(activities.id, cancelled.id));
    expect(other[0].deskId).toBeNull();
    const places = await db
      .select()
      .from(activityRegistrations)
      .where(eq(activityRegistrations.activityId, past.id));
    expect(places).toHaveLength(1);
    const left = await db
      .select()
      .from(roles)
      .where(and(eq(roles.resourceType, "Desk"), eq(roles.resourceId, desk.id)));
    expect(left).toEqual([]);
    const address = await db
      .select()
      .from(addresses)
      .where(and(eq(addresses.addressableType, "Desk"), eq(addresses.addressableId, desk.id)));
    expect(address).toEqual([]);
  });

  it("answers 404 for another tenant's desk and leaves it", async () => {
    const ofB = await createDesk(t.database.db, b.tenant.id, { volunteerCenterId: b.center.id });
    expect((await send("DELETE", `/meedoen/desks/${ofB.id}`, as.superadmin)).statusCode).toBe(404);
    expect(await deskRow(ofB.id)).toBeDefined();
  });
});

describe("audit entries of desk writes", () => {
  it("POST leaves exactly desk_created; a refused POST leaves none", async () => {
    const refused = await send("POST", "/meedoen/desks", as.volunteer, {
      azc_name: "Audited refused",
      volunteer_center_id: String(a.center.id),
    });
    expect(refused.statusCode).toBe(403);
    const invalid = await send("POST", "/meedoen/desks", as.admin, {
      azc_name: "Audited invalid",
      volunteer_center_id: String(a.center.id),
      email: "not-an-address",
    });
    expect(invalid.statusCode).toBe(422);
    expect(await auditLabelled("Audited refused")).toEqual([]);
    expect(await auditLabelled("Audited invalid")).toEqual([]);

    const res = await send("POST", "/meedoen/desks", as.admin, {
      azc_name: "Audited new",
      volunteer_center_id: String(a.center.id),
    });
    expect(res.statusCode).toBe(201);
    const id = Number(res.json().data.id);
    const entries = await auditOf(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      tenantId: a.tenant.id,
      actorId: ids.admin,
      action: "desk_created",
      subjectType: "Desk",
      subjectId: id,
      subjectLabel: "Audited new",
      volunteerCenterId: a.center.id,
      details: {},
    });
  });

  it("PATCH leaves desk_updated with the changed attributes, none when nothing changed or it is refused", async () => {
    const db = t.database.db;
    const desk = await createDesk(db, a.tenant.id, {
      azcName: "Audited",
      volunteerCenterId: a.center.id,
      coordinates: null,
    });
    const taken = await createDesk(db, a.tenant.id, { volunteerCenterId: a.center.id });
    const manager = await managerOf(desk.id);

    // Refused: a manager renaming, a slug in use, an invalid e-mail address.
    expect(
      (await send("PATCH", `/meedoen/desks/${desk.id}`, manager.headers, { azc_name: "No" }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await send("PATCH", `/meedoen/desks/${desk.id}`, as.admin, {
          azc_name: "Audited again",
          slug: taken.slug,
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await send("PATCH", `/meedoen/desks/${desk.id}`, as.admin, { email: "nope" })).statusCode,
    ).toBe(422);
    expect(await auditOf(desk.id)).toEqual([]);

    const change = {
      azc_name: "Audited renamed",
      phone: "030 123 45 67",
      address: { city: "Zeist", latitude: 52.09, longitude: 5.23 },
    };
    const res = await send("PATCH", `/meedoen/desks/${desk.id}`, as.admin, change);
    expect(res.statusCode).toBe(200);
    let entries = await auditOf(desk.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: ids.admin,
      action: "desk_updated",
      subjectLabel: "Audited renamed",
      volunteerCenterId: a.center.id,
      details: { changed: ["azc_name", "phone", "address"] },
    });

    // The same values again, and the desk's own slug: nothing changes, no entry.
    const same = await send("PATCH", `/meedoen/desks/${desk.id}`, as.admin, {
      ...change,
      slug: desk.slug,
    });
    expect(same.statusCode).toBe(200);
    expect(await auditOf(desk.id)).toHaveLength(1);

    // The manager's welcome text: only the attributes that differ are named.
    const welcome = await send("PATCH", `/meedoen/desks/${desk.id}`, manager.headers, {
      welcome_title: "Welkom",
      welcome_body: "<p>Kom langs</p>",
    });
    expect(welcome.statusCode).toBe(200);
    const body = await send("PATCH", `/meedoen/desks/${desk.id}`, manager.headers, {
      welcome_title: "Welkom",
      welcome_body: "<p>Kom <strong>langs</strong></p>",
    });
    expect(body.statusCode).toBe(200);
    entries = await auditOf(desk.id);
    expect(entries.map((e) => [e.action, e.actorId, e.details])).toEqual([
      ["desk_updated", ids.admin, { changed: ["azc_name", "phone", "address"] }],
      ["desk_updated", manager.id, { changed: ["welcome_title", "welcome_body"] }],
      ["desk_updated", manager.id, { changed: ["welcome_body"] }],
    ]);
  });

  it("a moved desk's entry belongs to its new centre", async () => {
    const desk = await createDesk(t.database.db, a.tenant.id, { volunteerCenterId: a.center.id });
    const res = await send("PATCH", `/meedoen/desks/${desk.id}`, as.superadmin, {
      volunteer_center_id: otherCentre,
    });
    expect(res.statusCode).toBe(200);
    const entries = await auditOf(desk.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: ids.superadmin,
      action: "desk_updated",
      volunteerCenterId: otherCentre,
      details: { changed: ["volunteer_center_id"] },
    });
  });

  it("DELETE leaves exactly desk_deleted; a refused DELETE leaves none", async () => {
    const db = t.database.db;
    const desk = await createDesk(db, a.tenant.id, {
      azcName: "Audited gone",
      volunteerCenterId: a.center.id,
    });
    const activity = await createActivity(db, a.tenant.id, {
      volunteerCenterId: a.center.id,
      deskId: desk.id,
      startsAt: new Date(Date.now() + 3 * DAY),
    });
    expect((await send("DELETE", `/meedoen/desks/${desk.id}`, as.adminD)).statusCode).toBe(403);
    expect((await send("DELETE", `/meedoen/desks/${desk.id}`, as.admin)).statusCode).toBe(422);
    expect(await auditOf(desk.id)).toEqual([]);

    await db.delete(activities).where(eq(activities.id, activity.id));
    expect((await send("DELETE", `/meedoen/desks/${desk.id}`, as.admin)).statusCode).toBe(204);
    const entries = await auditOf(desk.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: ids.admin,
      action: "desk_deleted",
      subjectType: "Desk",
      subjectLabel: "Audited gone",
      volunteerCenterId: a.center.id,
    });
  });
});
