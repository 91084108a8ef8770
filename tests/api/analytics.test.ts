import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  activities,
  activityRegistrations,
  applications,
  poolInvitations,
  tags,
  tenants,
  vacancies,
  vacancyTags,
} from "../../backend/db/schema";
import { seed } from "../../backend/db/seed";
import { amsterdamDay } from "../../backend/domain/working-days";
import { defaultRange } from "../../lib/contract/analytics";
import { rawTenant, recount } from "./support/analytics-recount";
import { createTestApp, type TestApp } from "./support/app";
import { NO_RATE_LIMITS } from "./support/auth";
import { createOrganization, createTenantWithCenter, createUser } from "./support/factories";
import { signedInPerson, type TPerson } from "./support/resources";

// GET /api/v1/analytics/volunteer_centers/:id and the comparison (docs/analytics.md): every figure equals
// the same figure counted again in JavaScript from the raw rows (support/analytics-recount),
// on the seeded tenants and on random data sets; who may read which centre; the range's
// validation.

type TTenant = { id: number; slug: string };
type TFigures = {
  vacancies: { published: number; open: number; closed: number };
  applications: {
    sent: number;
    accepted: number;
    per_week: { week: string; count: number }[];
    answered_in_time: number;
    due: number;
    answered_in_time_share: number | null;
    median_reply_seconds: number | null;
  };
  active_volunteers: number;
  activities: { sign_ups: number; waitlisted: number; attended: number; minutes: number };
  pool_invitations: Record<string, number>;
  top_tags: { id: number; name: string; applications: number }[];
  organizations_without_activity: { count: number; organizations: { id: number; name: string }[] };
};
type TResource = { id: string; attributes: TFigures & { from: string; to: string } };

const DAY = 86_400_000;
let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" }, { auth: { rateLimits: NO_RATE_LIMITS } });
});
afterAll(() => t?.close());

async function get(person: TPerson | { headers: Record<string, string> }, url: string) {
  return t.app.inject({
    method: "GET",
    url: `/api/v1/analytics/volunteer_centers${url}`,
    headers: person.headers,
  });
}

/** The api's figures of one centre against the recount of the tenant's raw rows. */
async function expectRecount(tenantId: number, resource: TResource, now: Date) {
  const raw = await rawTenant(db(), tenantId);
  const range = { from: resource.attributes.from, to: resource.attributes.to };
  const want = recount(raw, Number(resource.id), range, now);
  const got = resource.attributes;
  expect(got.vacancies).toEqual(want.vacancies);
  expect(got.applications.sent).toBe(want.applications.sent);
  expect(got.applications.accepted).toBe(want.applications.accepted);
  expect(got.applications.answered_in_time).toBe(want.applications.answeredInTime);
  expect(got.applications.due).toBe(want.applications.due);
  expect(got.applications.median_reply_seconds).toBe(want.applications.medianReplySeconds);
  // Every week of the range is listed; those without applications with 0.
  const weeks = new Map(got.applications.per_week.map((w) => [w.week, w.count]));
  for (const [week, n] of want.applications.perWeek) expect(weeks.get(week), week).toBe(n);
  expect(got.applications.per_week.reduce((s, w) => s + w.count, 0)).toBe(want.applications.sent);
  expect(got.active_volunteers).toBe(want.activeVolunteers);
  expect(got.activities).toEqual({
    sign_ups: want.activities.signUps,
    waitlisted: want.activities.waitlisted,
    attended: want.activities.attended,
    minutes: want.activities.minutes,
  });
  expect(got.pool_invitations).toEqual(want.poolInvitations);
  // The top tags: each tag's count is the recount's, and they are the highest counts
  // (ties at the cut may fall either way; names sort by the database's collation).
  for (const tag of got.top_tags) expect(tag.applications).toBe(want.tagCounts.get(tag.id));
  const best = [...want.tagCounts.values()].sort((a, b) => b - a).slice(0, 10);
  expect(got.top_tags.map((tag) => tag.applications)).toEqual(best);
  expect(got.organizations_without_activity.count).toBe(want.quietIds.size);
  for (const o of got.organizations_without_activity.organizations) {
    expect(want.quietIds.has(o.id), o.name).toBe(true);
  }
  expect(got.organizations_without_activity.organizations).toHaveLength(
    Math.min(50, want.quietIds.size),
  );
}

describe("on the seeded tenants", () => {
  const seeded: Record<string, { tenant: TTenant; superadmin: TPerson }> = {};

  beforeAll(async () => {
    await seed(db());
    for (const slug of ["demo", "oldebroek", "cordaad"]) {
      const [tenant] = await db().select().from(tenants).where(eq(tenants.slug, slug));
      seeded[slug] = { tenant, superadmin: await signedInPerson(db(), tenant, {}, "superadmin") };
    }
  }, 120_000);

  it.each(["demo", "oldebroek", "cordaad"])(
    "%s: every centre's figures of the last twelve months equal a recount",
    async (slug) => {
      const { tenant, superadmin } = seeded[slug];
      const res = await get(superadmin, "");
      expect(res.statusCode, res.body).toBe(200);
      const doc = res.json() as { data: TResource[]; meta: { from: string; to: string } };
      expect(doc.meta).toEqual(defaultRange(amsterdamDay(new Date())));
      expect(doc.data.length).toBeGreaterThan(0);
      for (const resource of doc.data) await expectRecount(tenant.id, resource, new Date());
      // The seed's applications (demo's) are recent: the default range holds them.
      if (slug === "demo") {
        expect(doc.data.some((r) => r.attributes.applications.sent > 0)).toBe(true);
      }
    },
  );

  it("demo: the overview of a centre equals its column of the comparison", async () => {
    const { superadmin } = seeded.demo;
    const both = await get(superadmin, "?filter[from]=2025-01-01");
    const first = (both.json() as { data: TResource[] }).data[0];
    const one = await get(superadmin, `/${first.id}?filter[from]=2025-01-01`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toEqual(first);
  });
});

describe("on random data sets", () => {
  const STATUSES = [
    "new",
    "in_conversation",
    "accepted",
    "declined",
    "withdrawn",
    "closed",
  ] as const;
  const VACANCY_STATUSES = ["draft", "published", "closed", "archived"] as const;
  const offset = fc.integer({ min: -420 * 24, max: 20 * 24 }); // hours from now

  const dataSet = fc.record({
    vacancies: fc.array(
      fc.record({
        status: fc.constantFrom(...VACANCY_STATUSES),
        published: fc.option(offset),
        closedAfterHours: fc.option(fc.integer({ min: 0, max: 2000 })),
        updated: offset,
        tags: fc.subarray([0, 1, 2, 3, 4]),
        org: fc.integer({ min: 0, max: 3 }),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    applications: fc.array(
      fc.record({
        sent: offset,
        status: fc.constantFrom(...STATUSES),
        replyHours: fc.option(fc.integer({ min: 0, max: 30 * 24 })),
        changedHours: fc.integer({ min: 0, max: 40 * 24 }),
        otherCentre: fc.boolean(),
      }),
      { maxLength: 40 },
    ),
    places: fc.array(
      fc.record({
        activity: fc.integer({ min: 0, max: 3 }),
        status: fc.constantFrom("registered", "waitlisted", "cancelled"),
        attended: fc.option(fc.boolean()),
        minutes: fc.integer({ min: 0, max: 600 }),
      }),
      { maxLength: 20 },
    ),
    activityStarts: fc.array(offset, { minLength: 4, maxLength: 4 }),
    invitations: fc.array(
      fc.record({
        sent: offset,
        status: fc.constantFrom("pending", "accepted", "declined", "withdrawn"),
      }),
      { maxLength: 12 },
    ),
    range: fc.option(
      fc.tuple(fc.integer({ min: -430, max: 25 }), fc.integer({ min: 0, max: 460 })),
    ),
  });

  it("every figure equals a recount of the rows, whatever the data and the range", async () => {
    await fc.assert(
      fc.asyncProperty(dataSet, async (data) => {
        const now = Date.now();
        const at = (hours: number) => new Date(now + hours * 3_600_000);
        const { tenant, center } = await createTenantWithCenter(db());
        const other = await createOrganization(db(), tenant.id, { type: "VolunteerCenter" });
        const orgs = [];
        for (let i = 0; i < 4; i++) {
          orgs.push(await createOrganization(db(), tenant.id, { volunteerCenterId: center.id }));
        }
        const people = [];
        for (let i = 0; i < 8; i++) people.push((await createUser(db(), tenant.id)).id);
        const tagRows = await db()
          .insert(tags)
          .values(
            ["TagA", "TagB", "TagC", "TagD", "TagE"].map((name) => ({
              tenantId: tenant.id,
              name,
              slug: `${name.toLowerCase()}-${tenant.id}`,
            })),
          )
          .returning();
        const vacancyRows = [];
        for (const v of data.vacancies) {
          const publishedAt = v.published === null ? null : at(v.published);
          const [row] = await db()
            .insert(vacancies)
            .values({
              tenantId: tenant.id,
              volunteerCenterId: center.id,
              organizationId: orgs[v.org].id,
              title: "Vacature",
              status: v.status,
              publishedAt,
              closedAt:
                publishedAt && v.closedAfterHours !== null
                  ? new Date(publishedAt.getTime() + v.closedAfterHours * 3_600_000)
                  : null,
              createdAt: at(-430 * 24),
              updatedAt: at(v.updated),
            })
            .returning();
          vacancyRows.push(row);
          if (v.tags.length > 0) {
            await db()
              .insert(vacancyTags)
              .values(
                v.tags.map((i) => ({
                  tenantId: tenant.id,
                  vacancyId: row.id,
                  tagId: tagRows[i].id,
                })),
              );
          }
        }
        // Distinct (vacancy, person) pairs: one open application per volunteer and vacancy.
        for (const [i, a] of data.applications.entries()) {
          const vacancy = vacancyRows[Math.floor(i / people.length) % vacancyRows.length];
          const createdAt = at(a.sent);
          const answered = a.status !== "new" && a.status !== "withdrawn" && a.status !== "closed";
          const replyHours = answered ? (a.replyHours ?? 1) : a.replyHours;
          await db()
            .insert(applications)
            .values({
              tenantId: tenant.id,
              vacancyId: vacancy.id,
              organizationId: vacancy.organizationId,
              volunteerCenterId: a.otherCentre ? other.id : center.id,
              userId: people[i % people.length],
              status: a.status,
              createdAt,
              respondedAt:
                replyHours === null ? null : new Date(createdAt.getTime() + replyHours * 3_600_000),
              statusChangedAt: new Date(createdAt.getTime() + a.changedHours * 3_600_000),
            })
            .onConflictDoNothing();
        }
        const activityRows = [];
        for (const start of data.activityStarts) {
          const [row] = await db()
            .insert(activities)
            .values({
              tenantId: tenant.id,
              volunteerCenterId: center.id,
              title: "Activiteit",
              status: "published",
              startsAt: at(start),
            })
            .returning();
          activityRows.push(row);
        }
        for (const [i, p] of data.places.entries()) {
          const attended = p.status === "registered" ? p.attended : null;
          await db()
            .insert(activityRegistrations)
            .values({
              tenantId: tenant.id,
              activityId: activityRows[p.activity].id,
              userId: people[i % people.length],
              status: p.status,
              cancelledAt: p.status === "cancelled" ? at(0) : null,
              attended,
              minutes: attended === true ? p.minutes : null,
            })
            .onConflictDoNothing();
        }
        for (const [i, inv] of data.invitations.entries()) {
          const answered = inv.status === "accepted" || inv.status === "declined";
          await db()
            .insert(poolInvitations)
            .values({
              tenantId: tenant.id,
              volunteerCenterId: center.id,
              vacancyId: vacancyRows[i % vacancyRows.length].id,
              userId: people[i % people.length],
              status: inv.status,
              createdAt: at(inv.sent),
              answeredAt: answered ? at(inv.sent + 5) : null,
            })
            .onConflictDoNothing();
        }
        const admin = await signedInPerson(db(), tenant, {}, "admin", {
          type: "Organization",
          id: center.id,
        });
        let query = "";
        if (data.range) {
          const from = amsterdamDay(new Date(now + data.range[0] * DAY));
          const to = amsterdamDay(new Date(now + (data.range[0] + data.range[1]) * DAY));
          query = `&filter[from]=${from}&filter[to]=${to}`;
        }
        const res = await get(admin, `/${center.id}${query.replace("&", "?")}`);
        expect(res.statusCode, res.body).toBe(200);
        await expectRecount(tenant.id, res.json().data, new Date());
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});

describe("who may read which centre", () => {
  let tenant: TTenant;
  let C: number;
  let D: number;
  let foreignCentre: number;
  const people: Record<string, TPerson> = {};

  beforeAll(async () => {
    const made = await createTenantWithCenter(db());
    tenant = made.tenant;
    C = made.center.id;
    D = (await createOrganization(db(), tenant.id, { type: "VolunteerCenter" })).id;
    const O = (await createOrganization(db(), tenant.id, { volunteerCenterId: C })).id;
    const centre = (id: number) => ({ type: "Organization" as const, id });
    people.volunteer = await signedInPerson(db(), tenant, {}, "volunteer");
    people.memberC = await signedInPerson(db(), tenant, {}, "member", centre(C));
    people.adminO = await signedInPerson(db(), tenant, {}, "admin", centre(O));
    people.adminC = await signedInPerson(db(), tenant, {}, "admin", centre(C));
    people.adminD = await signedInPerson(db(), tenant, {}, "admin", centre(D));
    people.superadmin = await signedInPerson(db(), tenant, {}, "superadmin");
    const elsewhere = await createTenantWithCenter(db());
    foreignCentre = elsewhere.center.id;
  });

  it("signed out: 401 for both", async () => {
    for (const url of [`/${C}`, ""]) {
      const res = await get({ headers: { "x-tenant": tenant.slug } }, url);
      expect(res.statusCode, url).toBe(401);
    }
  });

  it.each(["volunteer", "memberC", "adminO", "adminD"])(
    "%s: the overview of C is a 403",
    async (who) => {
      const res = await get(people[who], `/${C}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0].status).toBe("403");
    },
  );

  it.each(["volunteer", "memberC", "adminO"])("%s: the comparison is a 403", async (who) => {
    expect((await get(people[who], "")).statusCode).toBe(403);
  });

  it("C's admin reads C and compares only C", async () => {
    const one = await get(people.adminC, `/${C}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data.id).toBe(String(C));
    const both = await get(people.adminC, "");
    expect(both.json().data.map((r: TResource) => r.id)).toEqual([String(C)]);
  });

  it("a superadmin reads C and D and compares all the tenant's centres", async () => {
    for (const id of [C, D]) {
      const res = await get(people.superadmin, `/${id}`);
      expect(res.statusCode).toBe(200);
    }
    const both = await get(people.superadmin, "");
    expect(
      both
        .json()
        .data.map((r: TResource) => Number(r.id))
        .sort(),
    ).toEqual([C, D].sort());
  });

  it("another tenant's centre, or no centre, is a 404, whoever asks", async () => {
    for (const id of [foreignCentre, 2_147_483_647]) {
      const res = await get(people.superadmin, `/${id}`);
      expect(res.statusCode, String(id)).toBe(404);
    }
    const organisation = await get(
      people.superadmin,
      `/${(await createOrganization(db(), tenant.id)).id}`,
    );
    expect(organisation.statusCode).toBe(404);
  });

  describe("the range", () => {
    const refused = async (query: string, parameter: string) => {
      const res = await get(people.adminC, `/${C}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers["content-type"]).toContain("application/vnd.api+json");
      expect(res.json().errors[0].source).toEqual({ parameter });
    };

    it("refuses a bad day, a day that does not exist and a date-time", async () => {
      await refused("filter[from]=yesterday", "filter[from]");
      await refused("filter[to]=2026-02-30", "filter[to]");
      await refused("filter[from]=2026-01-01T00:00:00Z", "filter[from]");
    });

    it("refuses to before from and more than five years", async () => {
      await refused("filter[from]=2026-03-02&filter[to]=2026-03-01", "filter[to]");
      await refused("filter[from]=2020-01-01&filter[to]=2025-01-01", "filter[from]");
      await refused("filter[q]=x", "filter[q]");
    });

    it("takes one day and exactly five years", async () => {
      for (const q of [
        "filter[from]=2026-03-01&filter[to]=2026-03-01",
        "filter[from]=2020-01-02&filter[to]=2025-01-01",
      ]) {
        const res = await get(people.adminC, `/${C}?${q}`);
        expect(res.statusCode, res.body).toBe(200);
      }
      const res = await get(people.adminC, `/${C}?filter[from]=2026-03-01&filter[to]=2026-03-01`);
      expect(res.json().meta).toEqual({ from: "2026-03-01", to: "2026-03-01" });
      expect(res.json().data.attributes.applications.per_week).toEqual([
        { week: "2026-02-23", count: 0 },
      ]);
    });
  });
});
