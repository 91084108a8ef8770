import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityRegistrations, tenants } from "../../backend/db/schema";
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

// The back office's list of activities (docs/activity-overview.md): what the caller runs,
// drafts included, narrowed per role, filtered, sorted and paged; never another tenant's.

type TPerson = { headers: Record<string, string> };
type TTenant = { id: number; slug: string };

const DAY = 86_400_000;

let t: TestApp;
let tenant: TTenant;
let adminC: TPerson;
let memberC: TPerson;
let manager: TPerson;
let adminD: TPerson;
let staffO: TPerson;
let volunteer: TPerson;
let superadmin: TPerson;
let offAdmin: TPerson;
let desk: number;
/** C's activities: at the desk (draft, published, cancelled), and one of C without a desk. */
const ids = {
  deskDraft: 0,
  deskPublished: 0,
  deskCancelled: 0,
  centreOnly: 0,
  ofD: 0,
  past: 0,
  foreign: 0,
};

async function person(
  where: TTenant,
  role?: Parameters<typeof addRole>[3],
  resource?: Parameters<typeof addRole>[4],
): Promise<TPerson> {
  const db = t.database.db;
  const user = await createUser(db, where.id, {});
  if (role) await addRole(db, where.id, user.id, role, resource);
  return { headers: await signedIn(db, where, user.id) };
}

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" }, { auth: { rateLimits: NO_RATE_LIMITS } });
  const db = t.database.db;
  const made = await createTenantWithCenter(db);
  tenant = made.tenant;
  const C = made.center.id;
  const D = (await createOrganization(db, tenant.id, { type: "VolunteerCenter" })).id;
  const O = (await createOrganization(db, tenant.id, { volunteerCenterId: C })).id;
  desk = (await createDesk(db, tenant.id, { volunteerCenterId: C })).id;
  adminC = await person(tenant, "admin", { type: "Organization", id: C });
  memberC = await person(tenant, "member", { type: "Organization", id: C });
  manager = await person(tenant, "desk_manager", { type: "Desk", id: desk });
  adminD = await person(tenant, "admin", { type: "Organization", id: D });
  staffO = await person(tenant, "admin", { type: "Organization", id: O });
  volunteer = await person(tenant);
  superadmin = await person(tenant, "superadmin");
  const at = (days: number) => new Date(Date.now() + days * DAY);
  const make = async (attrs: Parameters<typeof createActivity>[2], tenantId = tenant.id) =>
    (await createActivity(db, tenantId, attrs)).id;
  ids.deskDraft = await make({
    volunteerCenterId: C,
    deskId: desk,
    status: "draft",
    title: "Beheer Breiclub concept",
    startsAt: at(3),
  });
  ids.deskPublished = await make({
    volunteerCenterId: C,
    deskId: desk,
    status: "published",
    title: "Beheer Taalcafé",
    startsAt: at(1),
    capacity: 2,
  });
  ids.deskCancelled = await make({
    volunteerCenterId: C,
    deskId: desk,
    status: "cancelled",
    title: "Beheer Wandeling",
    startsAt: at(5),
  });
  ids.centreOnly = await make({
    volunteerCenterId: C,
    status: "published",
    title: "Beheer Alleen centrum",
    startsAt: at(2),
  });
  ids.past = await make({
    volunteerCenterId: C,
    status: "published",
    title: "Beheer Voorbij",
    startsAt: at(-4),
  });
  ids.ofD = await make({
    volunteerCenterId: D,
    status: "draft",
    title: "Beheer Van D",
    startsAt: at(4),
  });
  const elsewhere = await createTenantWithCenter(db);
  ids.foreign = await make(
    { volunteerCenterId: elsewhere.center.id, status: "draft", title: "Beheer Elders" },
    elsewhere.tenant.id,
  );
  // Two places taken and one waiting at the published desk activity (capacity 2).
  for (const status of ["registered", "registered", "waitlisted", "cancelled"] as const) {
    const user = await createUser(db, tenant.id, {});
    await db.insert(activityRegistrations).values({
      tenantId: tenant.id,
      activityId: ids.deskPublished,
      userId: user.id,
      status,
      cancelledAt: status === "cancelled" ? new Date() : null,
    });
  }
  const off = await createTenantWithCenter(db);
  await db
    .update(tenants)
    .set({ settings: { activities: false } })
    .where(eq(tenants.id, off.tenant.id));
  offAdmin = await person(off.tenant, "superadmin");
});
afterAll(() => t.close());

const list = (who: TPerson, query = "") =>
  t.app.inject({ method: "GET", url: `/api/v1/managed_activities${query}`, headers: who.headers });

type TRow = { id: string; attributes: Record<string, unknown> };
const idsOf = async (who: TPerson, query = "") => {
  const res = await list(who, query);
  expect(res.statusCode).toBe(200);
  return (res.json().data as TRow[]).map((row) => Number(row.id));
};

describe("GET /api/v1/managed_activities", () => {
  it("lists a centre's activities in every status to its admins and members, by start", async () => {
    const expected = [
      ids.past,
      ids.deskPublished,
      ids.centreOnly,
      ids.deskDraft,
      ids.deskCancelled,
    ];
    expect(await idsOf(adminC)).toEqual(expected);
    expect(await idsOf(memberC)).toEqual(expected);
  });

  it("lists a desk manager their desk's activities only, drafts included", async () => {
    expect(await idsOf(manager)).toEqual([ids.deskPublished, ids.deskDraft, ids.deskCancelled]);
  });

  it("lists a superadmin all of the tenant's, never another tenant's", async () => {
    const all = await idsOf(superadmin, "?page[size]=100");
    expect(all).toContain(ids.ofD);
    expect(all).toContain(ids.deskDraft);
    expect(all).not.toContain(ids.foreign);
  });

  it("shows a draft to those who write it and not to the staff of another centre", async () => {
    expect(await idsOf(adminD)).toEqual([ids.ofD]);
    expect(await idsOf(adminC)).not.toContain(ids.ofD);
  });

  it("refuses who runs no activity: a volunteer, an ordinary organisation's admin; 401 signed out", async () => {
    expect((await list(volunteer)).statusCode).toBe(403);
    expect((await list(staffO)).statusCode).toBe(403);
    const signedOut = await t.app.inject({
      method: "GET",
      url: "/api/v1/managed_activities",
      headers: { "x-tenant": tenant.slug },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it("answers 404 where the tenant has no activities (meedoen)", async () => {
    expect((await list(offAdmin)).statusCode).toBe(404);
  });

  it("carries the places taken and waiting, the capacity, and the desk to include", async () => {
    const res = await list(adminC, `?filter[status_eq]=published&include=desk`);
    expect(res.statusCode).toBe(200);
    const row = (res.json().data as TRow[]).find((r) => Number(r.id) === ids.deskPublished);
    expect(row?.attributes).toMatchObject({
      status: "published",
      capacity: 2,
      registrations_count: 2,
      waitlist_count: 1,
      desk_id: desk,
    });
    const included = res.json().included as { type: string; id: string }[];
    expect(included).toEqual([expect.objectContaining({ type: "desk", id: String(desk) })]);
  });

  it("filters by status, start, desk and title", async () => {
    expect(await idsOf(adminC, `?filter[id_eq]=${ids.deskDraft}`)).toEqual([ids.deskDraft]);
    // Another's activity is not found by its id either: the filter narrows the scope.
    expect(await idsOf(manager, `?filter[id_eq]=${ids.centreOnly}`)).toEqual([]);
    expect(await idsOf(adminC, "?filter[status_eq]=draft")).toEqual([ids.deskDraft]);
    expect(await idsOf(adminC, "?filter[status_in]=draft,cancelled")).toEqual([
      ids.deskDraft,
      ids.deskCancelled,
    ]);
    const now = encodeURIComponent(new Date().toISOString());
    expect(await idsOf(adminC, `?filter[starts_at_lt]=${now}`)).toEqual([ids.past]);
    expect(
      await idsOf(adminC, `?filter[starts_at_gteq]=${now}&filter[desk_id_eq]=${desk}`),
    ).toEqual([ids.deskPublished, ids.deskDraft, ids.deskCancelled]);
    expect(await idsOf(adminC, "?filter[title_i_cont]=taalCAF")).toEqual([ids.deskPublished]);
  });

  it("sorts by title and start, descending too, and pages", async () => {
    expect(await idsOf(manager, "?sort=title")).toEqual([
      ids.deskDraft,
      ids.deskPublished,
      ids.deskCancelled,
    ]);
    expect(await idsOf(manager, "?sort=-starts_at")).toEqual([
      ids.deskCancelled,
      ids.deskDraft,
      ids.deskPublished,
    ]);
    const page = await list(adminC, "?page[size]=2&page[number]=2");
    expect(page.statusCode).toBe(200);
    expect((page.json().data as TRow[]).map((r) => Number(r.id))).toEqual([
      ids.centreOnly,
      ids.deskDraft,
    ]);
    expect(page.json().meta.pagination).toMatchObject({ current: 2, records: 5 });
  });

  it("refuses bad input with a 400 naming it", async () => {
    for (const query of [
      "?filter[status_eq]=paused",
      "?filter[id_eq]=abc",
      "?filter[starts_at_gteq]=gisteren",
      // A year JavaScript reads but PostgreSQL does not hold.
      "?filter[starts_at_lt]=-100000-01-01",
      "?filter[volunteer_center_id_eq]=1",
      "?sort=capacity",
    ]) {
      const res = await list(adminC, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0].source).toBeDefined();
    }
  });
});
