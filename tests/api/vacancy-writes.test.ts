import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { parseFragment, serialize } from "parse5";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  applications,
  auditEvents,
  notifications,
  siteSettings,
  vacancies,
  vacancyTags,
} from "../../backend/db/schema";
import { createTestApp, type TestApp } from "./support/app";
import { createApplication } from "./support/application-factory";
import { NO_RATE_LIMITS } from "./support/auth";
import {
  addRole,
  createOrganization,
  createTenantWithCenter,
  createUser,
} from "./support/factories";
import { signedIn } from "./support/resources";
import { createTag, createVacancy } from "./support/vacancy-factory";
import { CORPUS, problems } from "./support/xss-corpus";

// Writing vacancies (docs/vacancy-writes.md): POST, PATCH, DELETE, the status machine
// (docs/status-machines.md, "Vacancies"), duplicate, and what closing does to applications.

type TPerson = { id: number; email: string; headers: Record<string, string> };
type TTenant = { id: number; slug: string };

let t: TestApp;
let tenant: TTenant;
let C: number;
let D: number;
let O: number;
let OD: number;
let member: TPerson;
let orgAdmin: TPerson;
let adminC: TPerson;
let adminD: TPerson;
let volunteer: TPerson;
let foreign: TPerson;
let tag: number;
let otherTag: number;
let foreignTag: number;
let foreignVacancy: number;

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
  O = (await createOrganization(db, tenant.id, { volunteerCenterId: C, name: "Buurthuis" })).id;
  OD = (await createOrganization(db, tenant.id, { volunteerCenterId: D })).id;
  member = await person(tenant, { firstName: "Mila", lastName: "de Boer" }, "member", {
    type: "Organization",
    id: O,
  });
  orgAdmin = await person(tenant, {}, "admin", { type: "Organization", id: O });
  adminC = await person(tenant, {}, "admin", { type: "Organization", id: C });
  adminD = await person(tenant, {}, "admin", { type: "Organization", id: D });
  volunteer = await person(tenant, { firstName: "Vera", locale: "en" });
  tag = (await createTag(db, tenant.id, { name: "Zorg" })).id;
  otherTag = (await createTag(db, tenant.id, { name: "Sport" })).id;
  const elsewhere = await createTenantWithCenter(db);
  foreign = await person(elsewhere.tenant, {}, "superadmin");
  foreignTag = (await createTag(db, elsewhere.tenant.id)).id;
  const foreignOrganization = await createOrganization(db, elsewhere.tenant.id, {
    volunteerCenterId: elsewhere.center.id,
  });
  foreignVacancy = (
    await createVacancy(db, elsewhere.tenant.id, {
      organizationId: foreignOrganization.id,
      volunteerCenterId: elsewhere.center.id,
    })
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

const organization = (id: number) => ({ data: { type: "organizations", id: String(id) } });
const tagsOf = (...ids: number[]) => ({
  data: ids.map((id) => ({ type: "tags", id: String(id) })),
});
const contact = (id: number | null) => ({
  data: id === null ? null : { type: "users", id: String(id) },
});

const create = (
  who: TPerson,
  attributes: Record<string, unknown>,
  relationships: Record<string, unknown> = {},
  orgId = O,
) =>
  call("POST", "/vacancies", who.headers, {
    data: {
      type: "vacancies",
      attributes,
      relationships: { organization: organization(orgId), ...relationships },
    },
  });
const patch = (
  who: TPerson,
  id: number,
  attributes: Record<string, unknown>,
  relationships?: Record<string, unknown>,
) =>
  call("PATCH", `/vacancies/${id}`, who.headers, {
    data: {
      type: "vacancies",
      id: String(id),
      attributes,
      ...(relationships ? { relationships } : {}),
    },
  });
const move = (who: TPerson, id: number, status: string) =>
  call("PUT", `/vacancies/${id}/transition`, who.headers, {
    data: { type: "vacancies", attributes: { status } },
  });

async function draft(attrs: Partial<typeof vacancies.$inferInsert> = {}, orgId = O) {
  return (
    await createVacancy(t.database.db, tenant.id, {
      organizationId: orgId,
      volunteerCenterId: orgId === O ? C : D,
      status: "draft",
      publishedAt: null,
      ...attrs,
    })
  ).id;
}

async function stored(id: number) {
  const [row] = await t.database.db.select().from(vacancies).where(eq(vacancies.id, id));
  return row;
}

async function auditOf(id: number) {
  return t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectType, "Vacancy"), eq(auditEvents.subjectId, id)))
    .orderBy(auditEvents.id);
}

async function reviews(centre: number, on: boolean) {
  await t.database.db
    .insert(siteSettings)
    .values({ tenantId: tenant.id, volunteerCenterId: centre, reviewsNewVacancies: on })
    .onConflictDoUpdate({
      target: siteSettings.volunteerCenterId,
      set: { reviewsNewVacancies: on },
    });
}

const errorOf = (res: { json: () => unknown }) =>
  (res.json() as { errors: { code: string; source?: { pointer?: string }; meta?: unknown }[] })
    .errors[0];

describe("POST /api/v1/vacancies", () => {
  it("adds a draft with sanitised text, place, dates, tags and contact person", async () => {
    const res = await create(
      member,
      {
        title: "Voorlezen in de bibliotheek",
        summary: "Lees kinderen voor",
        description: '<p>Hallo<script>alert(1)</script> <a href="javascript:alert(1)">x</a></p>',
        postal_code: "8096 BC",
        hours_per_week: 4,
        ongoing: false,
        starts_on: "2030-01-06",
        ends_on: "2030-06-30",
        volunteers_wanted: 3,
      },
      { tags: tagsOf(tag), contact_person: contact(member.id) },
    );
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json();
    expect(data.type).toBe("vacancy");
    expect(data.attributes).toMatchObject({
      title: "Voorlezen in de bibliotheek",
      status: "draft",
      postal_code: "8096 BC",
      hours_per_week: 4,
      ongoing: false,
      starts_on: "2030-01-06",
      ends_on: "2030-06-30",
      volunteers_wanted: 3,
      contact_person_id: member.id,
      contact_name: "Mila de Boer",
      contact_email: member.email,
      organization_id: O,
      volunteer_center_id: C,
      applications_count: 0,
    });
    expect(data.attributes.latitude).toBeCloseTo(52.4449, 3);
    expect(data.relationships.tags.data).toEqual([{ type: "tag", id: String(tag) }]);
    const row = await stored(Number(data.id));
    expect(row.description).toContain("Hallo");
    expect(data.attributes.description).toBe(row.description);
    expect(row.description).not.toContain("script");
    expect(row.description).not.toContain("javascript");
    expect(row.tagIds).toEqual([tag]);
    expect((await auditOf(row.id)).map((e) => [e.action, e.actorId, e.volunteerCenterId])).toEqual([
      ["vacancy_created", member.id, C],
    ]);
  });

  it("publishes at once where the centre does not review, when asked", async () => {
    const res = await create(orgAdmin, { title: "Direct online", status: "published" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.attributes.status).toBe("published");
    expect(res.json().data.attributes.published_at).not.toBeNull();
  });

  it("refuses those who do not manage the organisation: 401 signed out, 403 signed in", async () => {
    const before = (await t.database.db.select().from(vacancies)).length;
    expect(
      (await create({ id: 0, email: "", headers: { "x-tenant": tenant.slug } }, { title: "x" }))
        .statusCode,
    ).toBe(401);
    expect((await create(volunteer, { title: "x" })).statusCode).toBe(403);
    expect((await create(adminD, { title: "x" })).statusCode).toBe(403);
    expect((await create(adminD, { title: "x" }, {}, OD)).statusCode).toBe(201);
    expect((await t.database.db.select().from(vacancies)).length).toBe(before + 1);
  });

  it("takes a centre admin for the centre's organisations", async () => {
    expect((await create(adminC, { title: "Van de centrale" })).statusCode).toBe(201);
  });

  it("answers another tenant's organisation, or a centre, with a 422 on the relationship", async () => {
    for (const orgId of [foreignVacancy, C, 2 ** 31 - 1]) {
      const res = await create(adminC, { title: "x" }, {}, orgId);
      expect(res.statusCode).toBe(422);
      expect(errorOf(res).source?.pointer).toBe("/data/relationships/organization");
    }
  });

  it("refuses bad input with a 422 on the attribute and writes nothing", async () => {
    const before = (await t.database.db.select().from(vacancies)).length;
    const cases: [Record<string, unknown>, Record<string, unknown>, string, string][] = [
      [{}, {}, "/data/attributes/title", "blank"],
      [{ title: "x", postal_code: "9999 ZZ" }, {}, "/data/attributes/postal_code", "unknown_place"],
      [{ title: "x", ongoing: false }, {}, "/data/attributes/starts_on", "blank"],
      [
        { title: "x", starts_on: "2030-02-01", ends_on: "2030-01-01" },
        {},
        "/data/attributes/ends_on",
        "greater_than_or_equal_to",
      ],
      [{ title: "x", closes_on: "2001-01-01" }, {}, "/data/attributes/closes_on", "in_past"],
      [
        { title: "x", volunteers_wanted: 0 },
        {},
        "/data/attributes/volunteers_wanted",
        "greater_than_or_equal_to",
      ],
      [{ title: "x", status: "closed" }, {}, "/data/attributes/status", "invalid_transition"],
      [{ title: "x", colour: "red" }, {}, "/data/attributes", "unrecognized_keys"],
      [{ title: "x" }, { tags: tagsOf(tag, foreignTag) }, "/data/relationships/tags", "not_found"],
      [
        { title: "x" },
        { contact_person: contact(volunteer.id) },
        "/data/relationships/contact_person",
        "not_staff",
      ],
      [
        { title: "x" },
        { contact_person: contact(adminD.id) },
        "/data/relationships/contact_person",
        "not_staff",
      ],
    ];
    for (const [attributes, relationships, pointer, code] of cases) {
      const res = await create(member, attributes, relationships);
      expect(res.statusCode, JSON.stringify(attributes)).toBe(422);
      const error = errorOf(res);
      expect(error.source?.pointer, res.body).toBe(pointer);
      if (code !== "unrecognized_keys") expect(error.code, res.body).toBe(code);
    }
    expect((await t.database.db.select().from(vacancies)).length).toBe(before);
  });
});

describe("PATCH /api/v1/vacancies/:id", () => {
  it("changes what is sent and records the names of what changed", async () => {
    const id = await draft({ title: "Oud" });
    const res = await patch(
      member,
      id,
      { title: "Nieuw", remote: true },
      { tags: tagsOf(tag, otherTag) },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attributes).toMatchObject({
      title: "Nieuw",
      remote: true,
      status: "draft",
    });
    expect((await stored(id)).tagIds).toEqual([tag, otherTag].sort((a, b) => a - b));
    const [entry] = await auditOf(id);
    expect(entry.action).toBe("vacancy_updated");
    expect(entry.details).toEqual({ changed: ["title", "remote", "tags"] });
    // The same again is no change: no second entry.
    await patch(member, id, { title: "Nieuw" });
    expect(await auditOf(id)).toHaveLength(1);
  });

  it("clears the contact person with null", async () => {
    const id = await draft({ contactUserId: member.id, contactName: "Mila" });
    const res = await patch(member, id, {}, { contact_person: contact(null) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attributes).toMatchObject({
      contact_person_id: null,
      contact_name: null,
    });
  });

  it("refuses an illegal status with invalid_transition and writes nothing, not even the rest", async () => {
    const id = await draft({ title: "Blijft" });
    const res = await patch(member, id, { title: "Anders", status: "archived" });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({
      code: "invalid_transition",
      source: { pointer: "/data/attributes/status" },
    });
    expect((await stored(id)).title).toBe("Blijft");
    expect(await auditOf(id)).toHaveLength(0);
  });

  it("hides a draft from whoever may not manage it (404) and refuses a published one (403)", async () => {
    const hidden = await draft();
    const shown = await draft({ status: "published", publishedAt: new Date() });
    for (const who of [volunteer, adminD]) {
      expect((await patch(who, hidden, { title: "x" })).statusCode).toBe(404);
      expect((await patch(who, shown, { title: "x" })).statusCode).toBe(403);
    }
    expect((await patch(foreign, hidden, { title: "x" })).statusCode).toBe(404);
    expect((await patch(member, foreignVacancy, { title: "x" })).statusCode).toBe(404);
    expect((await stored(hidden)).title).not.toBe("x");
  });

  it("keeps the organisation: another one is a 422", async () => {
    const id = await draft();
    const res = await patch(member, id, {}, { organization: organization(OD) });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).source?.pointer).toBe("/data/relationships/organization");
  });

  it("stores the editor's HTML only after sanitising, for every payload of the XSS corpus", async () => {
    const id = await draft();
    const payload = fc.oneof(
      fc.constantFrom(...CORPUS),
      fc
        .tuple(fc.constantFrom(...CORPUS), fc.constantFrom(...CORPUS), fc.string({ maxLength: 20 }))
        .map(([a, b, text]) => `<p>${text}${a}</p>${b}`),
    );
    await fc.assert(
      fc.asyncProperty(payload, async (html) => {
        const res = await patch(member, id, { description: html });
        expect(res.statusCode, res.body).toBe(200);
        const saved = (await stored(id)).description ?? "";
        expect(problems(saved), saved).toEqual([]);
        expect(problems(serialize(parseFragment(saved))), saved).toEqual([]);
        expect(res.json().data.attributes.description).toBe(saved || null);
      }),
      { numRuns: Math.max(CORPUS.length, 120), seed: 20261126 },
    );
    // Every payload of the corpus itself went through at least once.
    for (const html of CORPUS) {
      const res = await patch(member, id, { description: html });
      expect(problems((await stored(id)).description ?? ""), html).toEqual([]);
      expect(res.statusCode).toBe(200);
    }
  });
});

describe("PUT /api/v1/vacancies/:id/transition", () => {
  it("walks draft → published → closed → published → closed → archived where nobody reviews", async () => {
    const id = await draft();
    for (const status of ["published", "closed", "published", "closed", "archived"]) {
      const res = await move(member, id, status);
      expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
      expect(res.json().data.attributes.status).toBe(status);
    }
    const row = await stored(id);
    expect(row.closedAt).not.toBeNull();
    expect((await auditOf(id)).map((e) => e.details)).toEqual([
      { from: "draft", to: "published" },
      { from: "published", to: "closed" },
      { from: "closed", to: "published" },
      { from: "published", to: "closed" },
      { from: "closed", to: "archived" },
    ]);
  });

  it("refuses the steps the machine has not with 422 invalid_transition, changing nothing", async () => {
    const id = await draft();
    for (const status of ["closed", "archived"]) {
      const res = await move(member, id, status);
      expect(res.statusCode).toBe(422);
      expect(errorOf(res)).toMatchObject({
        code: "invalid_transition",
        source: { pointer: "/data/attributes/status" },
      });
    }
    // pending only where the centre reviews
    expect((await move(member, id, "pending")).statusCode).toBe(422);
    expect((await stored(id)).status).toBe("draft");
    const archived = await draft({ status: "archived" });
    for (const status of ["draft", "pending", "published", "closed"]) {
      expect((await move(adminC, archived, status)).statusCode).toBe(422);
    }
    expect((await move(member, id, "paused")).statusCode).toBe(422);
  });

  it("publishes only for an approved organisation: 422 organization_not_approved", async () => {
    const db = t.database.db;
    const pendingOrganization = (
      await createOrganization(db, tenant.id, { volunteerCenterId: C, status: "pending" })
    ).id;
    const id = (
      await createVacancy(db, tenant.id, {
        organizationId: pendingOrganization,
        volunteerCenterId: C,
        status: "draft",
        publishedAt: null,
      })
    ).id;
    for (const res of [
      await move(adminC, id, "published"),
      await patch(adminC, id, { status: "published" }),
      await create(adminC, { title: "x", status: "published" }, {}, pendingOrganization),
    ]) {
      expect(res.statusCode, res.body).toBe(422);
      expect(errorOf(res)).toMatchObject({
        code: "organization_not_approved",
        source: { pointer: "/data/attributes/status" },
      });
    }
    expect((await stored(id)).status).toBe("draft");
  });

  it("answers the status it has already with 200 and no change", async () => {
    const id = await draft();
    const res = await move(member, id, "draft");
    expect(res.statusCode).toBe(200);
    expect(await auditOf(id)).toHaveLength(0);
  });

  it("where the centre reviews: staff send it to pending, only centre admins publish", async () => {
    await reviews(C, true);
    try {
      const id = await draft();
      expect((await move(member, id, "published")).statusCode).toBe(403);
      expect((await move(orgAdmin, id, "pending")).statusCode).toBe(200);
      expect((await move(member, id, "published")).statusCode).toBe(403);
      expect((await stored(id)).status).toBe("pending");
      expect((await move(adminD, id, "published")).statusCode).toBe(404);
      const approved = await move(adminC, id, "published");
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().data.attributes.status).toBe("published");
      // Back to draft from pending, by its own staff.
      const other = await draft({ status: "pending" });
      expect((await move(member, other, "draft")).statusCode).toBe(200);
      // A centre admin publishes a draft straight away.
      expect((await move(adminC, await draft(), "published")).statusCode).toBe(200);
      // Creating with status published is the same step.
      expect((await create(member, { title: "x", status: "published" })).statusCode).toBe(403);
      expect((await create(member, { title: "x", status: "pending" })).statusCode).toBe(201);
    } finally {
      await reviews(C, false);
    }
  });

  it("closing closes the open applications and tells each applicant, in their language", async () => {
    const db = t.database.db;
    const id = await draft({ status: "published", publishedAt: new Date(), title: "Tuinman" });
    const base = { vacancyId: id, organizationId: O, volunteerCenterId: C };
    const open = await createApplication(db, tenant.id, { ...base, userId: volunteer.id });
    const other = await person(tenant, { firstName: "Otto" });
    const settled = await createApplication(db, tenant.id, { ...base, userId: other.id });
    await db
      .update(applications)
      .set({ status: "accepted" })
      .where(eq(applications.id, settled.id));
    t.mailer.sent.length = 0;
    const res = await move(member, id, "closed");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta).toEqual({ closed_applications: 1 });
    const statuses = await db
      .select({ id: applications.id, status: applications.status })
      .from(applications)
      .where(eq(applications.vacancyId, id))
      .orderBy(applications.id);
    expect(statuses).toEqual([
      { id: open.id, status: "closed" },
      { id: settled.id, status: "accepted" },
    ]);
    const told = await db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.userId, volunteer.id));
    expect(told.length).toBeGreaterThan(0);
    const mail = t.mailer.sent.find((m) => m.to === volunteer.email);
    expect(mail?.subject).toBe("The vacancy Tuinman has closed");
    expect(t.mailer.sent.some((m) => m.to === other.email)).toBe(false);
    expect((await auditOf(id)).at(-1)?.details).toEqual({
      from: "published",
      to: "closed",
      closed_applications: 1,
    });
  });

  it("archiving an open vacancy closes its applications as well", async () => {
    const id = await draft({ status: "published", publishedAt: new Date() });
    const application = await createApplication(t.database.db, tenant.id, {
      vacancyId: id,
      organizationId: O,
      volunteerCenterId: C,
      userId: volunteer.id,
    });
    expect((await move(orgAdmin, id, "archived")).statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(applications)
      .where(eq(applications.id, application.id));
    expect(row.status).toBe("closed");
  });
});

describe("the public side follows", () => {
  const search = async () =>
    (
      await call("GET", "/vacancies?filter[q]=Zeldzaamwoord", { "x-tenant": tenant.slug })
    ).json() as { data: { id: string }[]; meta: { record_count: number } };

  it("a vacancy published, edited or closed shows in the next search, counts included", async () => {
    const id = await draft({ title: "Zeldzaamwoord gezocht" });
    expect((await search()).meta.record_count).toBe(0);
    await move(member, id, "published");
    const found = await search();
    expect(found.data.map((d) => d.id)).toEqual([String(id)]);
    expect(found.meta.record_count).toBe(1);
    await move(member, id, "closed");
    const after = await search();
    expect(after.data).toEqual([]);
    expect(after.meta.record_count).toBe(0);
    // Its page stays, and says it is closed.
    const page = await call("GET", `/vacancies/${id}`, { "x-tenant": tenant.slug });
    expect(page.statusCode).toBe(200);
    expect(page.json().data.attributes).toMatchObject({ status: "closed" });
    expect(page.json().data.attributes.closed_at).not.toBeNull();
  });
});

describe("POST /api/v1/vacancies/:id/duplicate", () => {
  it("makes a draft copy titled 'Kopie van …' with its tags, without deadline or history", async () => {
    const id = await draft({
      status: "published",
      publishedAt: new Date(),
      title: "Kok",
      closesOn: "2031-01-01",
      tagIds: [tag],
    });
    const res = await call("POST", `/vacancies/${id}/duplicate`, member.headers);
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json().data;
    expect(copy.id).not.toBe(String(id));
    expect(copy.attributes).toMatchObject({
      title: "Kopie van Kok",
      status: "draft",
      closes_on: null,
      published_at: null,
    });
    expect(copy.relationships.tags.data).toEqual([{ type: "tag", id: String(tag) }]);
    const english = await person(tenant, { locale: "en" }, "member", {
      type: "Organization",
      id: O,
    });
    const again = await call("POST", `/vacancies/${id}/duplicate`, english.headers);
    expect(again.json().data.attributes.title).toBe("Copy of Kok");
    expect((await call("POST", `/vacancies/${id}/duplicate`, volunteer.headers)).statusCode).toBe(
      403,
    );
  });
});

describe("DELETE /api/v1/vacancies/:id", () => {
  it("deletes a draft or pending vacancy; any other is archived instead (409)", async () => {
    const id = await draft({ tagIds: [tag] });
    expect((await call("DELETE", `/vacancies/${id}`, member.headers)).statusCode).toBe(204);
    expect(await stored(id)).toBeUndefined();
    expect((await auditOf(id)).map((e) => e.action)).toEqual(["vacancy_deleted"]);
    const pending = await draft({ status: "pending" });
    expect((await call("DELETE", `/vacancies/${pending}`, adminC.headers)).statusCode).toBe(204);
    const published = await draft({ status: "published", publishedAt: new Date() });
    const res = await call("DELETE", `/vacancies/${published}`, member.headers);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe("not_deletable");
    expect(await stored(published)).toBeDefined();
    expect((await call("DELETE", `/vacancies/${published}`, volunteer.headers)).statusCode).toBe(
      403,
    );
    expect((await call("DELETE", `/vacancies/${published}`, foreign.headers)).statusCode).toBe(404);
    const links = await t.database.db
      .select()
      .from(vacancyTags)
      .where(eq(vacancyTags.vacancyId, id));
    expect(links).toEqual([]);
  });
});

describe("POST /api/v1/vacancies/bulk_update", () => {
  const bulk = (who: TPerson, ids: number[], changes: Record<string, unknown>, preview?: boolean) =>
    call("POST", "/vacancies/bulk_update", who.headers, {
      data: {
        type: "vacancy_bulk_updates",
        attributes: { ids: ids.map(String), changes },
      },
      ...(preview === undefined ? {} : { meta: { preview } }),
    });
  const published = () => draft({ status: "published", publishedAt: new Date(), tagIds: [tag] });
  const snapshot = async (ids: number[]) =>
    Promise.all(
      ids.map(async (id) => {
        const row = await stored(id);
        return [row.status, row.closesOn, row.contactUserId, row.tagIds, row.updatedAt];
      }),
    );

  it("previews what would change on each vacancy and writes nothing", async () => {
    const ids = [await published(), await published(), await draft()];
    const before = await snapshot(ids);
    const res = await bulk(
      member,
      ids,
      { closes_on: "2099-01-31", add_tag_ids: [String(otherTag)], contact_person_id: member.id },
      true,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { meta, data } = res.json();
    expect(meta.preview).toBe(true);
    expect(meta.changed_count).toBe(3);
    expect(meta.changes[0]).toEqual({
      id: String(ids[0]),
      title: expect.any(String),
      changes: {
        closes_on: { from: null, to: "2099-01-31" },
        contact_person_id: { from: null, to: member.id },
        tag_ids: { from: [tag], to: [tag, otherTag].sort((a, b) => a - b) },
      },
    });
    expect(data.map((d: { attributes: { closes_on: unknown } }) => d.attributes.closes_on)).toEqual(
      [null, null, null],
    );
    expect(await snapshot(ids)).toEqual(before);
    expect(await auditOf(ids[0])).toHaveLength(0);
    // ?preview=true is the same.
    const viaQuery = await call("POST", "/vacancies/bulk_update?preview=true", member.headers, {
      data: {
        type: "vacancy_bulk_updates",
        attributes: { ids, changes: { closes_on: "2099-01-31" } },
      },
    });
    expect(viaQuery.statusCode, viaQuery.body).toBe(200);
    expect(viaQuery.json().meta.preview).toBe(true);
    expect(await snapshot(ids)).toEqual(before);
  });

  it("applies status, deadline, contact person and tags in one go, one audit entry per vacancy", async () => {
    const ids = [await published(), await published()];
    const application = await createApplication(t.database.db, tenant.id, {
      vacancyId: ids[0],
      organizationId: O,
      volunteerCenterId: C,
      userId: volunteer.id,
    });
    const res = await bulk(orgAdmin, ids, {
      status: "closed",
      closes_on: "2099-01-31",
      contact_person_id: String(member.id),
      add_tag_ids: [String(otherTag)],
      remove_tag_ids: [String(tag)],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta).toMatchObject({
      preview: false,
      changed_count: 2,
      closed_applications: 1,
    });
    for (const id of ids) {
      const row = await stored(id);
      expect(row).toMatchObject({
        status: "closed",
        closesOn: "2099-01-31",
        contactUserId: member.id,
        contactName: "Mila de Boer",
        tagIds: [otherTag],
      });
      expect(row.closedAt).not.toBeNull();
      const entries = await auditOf(id);
      expect(entries.map((e) => [e.action, e.actorId])).toEqual([
        ["vacancy_bulk_updated", orgAdmin.id],
      ]);
      expect(entries[0].details).toMatchObject({
        changes: { status: { from: "published", to: "closed" } },
      });
    }
    const [closed] = await t.database.db
      .select()
      .from(applications)
      .where(eq(applications.id, application.id));
    expect(closed.status).toBe("closed");
  });

  it("refuses all when one vacancy is refused: 422 naming it, nothing written", async () => {
    const ok = await published();
    const archived = await draft({ status: "archived" });
    const before = await snapshot([ok, archived]);
    const res = await bulk(member, [ok, archived], {
      status: "published",
      closes_on: "2099-02-01",
    });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({
      code: "invalid_transition",
      source: { pointer: "/data/attributes/changes/status" },
      meta: { vacancy_id: String(archived) },
    });
    expect(await snapshot([ok, archived])).toEqual(before);
    expect(await auditOf(ok)).toHaveLength(0);
  });

  it("needs the contact person to be staff of every organisation among the ids", async () => {
    const ids = [await published(), await draft({}, OD)];
    const res = await bulk(adminC, [ids[0]], { contact_person_id: adminD.id });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).source?.pointer).toBe("/data/attributes/changes/contact_person_id");
    const superadmin = await person(tenant, {}, "superadmin");
    const mixed = await bulk(superadmin, ids, { contact_person_id: member.id });
    expect(mixed.statusCode).toBe(422);
    expect(errorOf(mixed).code).toBe("not_staff");
  });

  it("answers ids that are not the caller's to see with 422 on ids, a published one not theirs with 403", async () => {
    const own = await published();
    const hiddenDraft = await draft({}, OD);
    const shownOfD = await draft({ status: "published", publishedAt: new Date() }, OD);
    const notFound = await bulk(member, [own, hiddenDraft, foreignVacancy], { closes_on: null });
    expect(notFound.statusCode).toBe(422);
    expect(errorOf(notFound)).toMatchObject({
      code: "not_found",
      source: { pointer: "/data/attributes/ids" },
      meta: { ids: [String(hiddenDraft), String(foreignVacancy)] },
    });
    expect((await bulk(member, [own, shownOfD], { closes_on: null })).statusCode).toBe(403);
    expect((await bulk(volunteer, [own], { closes_on: null })).statusCode).toBe(403);
    const signedOut = { id: 0, email: "", headers: { "x-tenant": tenant.slug } };
    expect((await bulk(signedOut, [own], { closes_on: null })).statusCode).toBe(401);
  });

  it("refuses a bad body with a 422 and another tenant's tag with not_found", async () => {
    const own = await published();
    const cases: [unknown, string][] = [
      [{ ids: [], changes: { closes_on: null } }, "/data/attributes/ids"],
      [{ ids: [String(own)], changes: {} }, "/data/attributes/changes"],
      [{ ids: [String(own)], changes: { status: "paused" } }, "/data/attributes/changes/status"],
      [
        { ids: [String(own)], changes: { tag_ids: [String(tag)], add_tag_ids: [String(tag)] } },
        "/data/attributes/changes/tag_ids",
      ],
      [
        { ids: [String(own)], changes: { add_tag_ids: [String(foreignTag)] } },
        "/data/attributes/changes/add_tag_ids",
      ],
      [
        { ids: [String(own)], changes: { closes_on: "2001-01-01" } },
        "/data/attributes/changes/closes_on",
      ],
      [{ ids: ["x"], changes: { closes_on: null } }, "/data/attributes/ids/0"],
    ];
    for (const [attributes, pointer] of cases) {
      const res = await call("POST", "/vacancies/bulk_update", member.headers, {
        data: { type: "vacancy_bulk_updates", attributes },
      });
      expect(res.statusCode, JSON.stringify(attributes)).toBe(422);
      expect(errorOf(res).source?.pointer, res.body).toBe(pointer);
    }
    const preview = await call("POST", "/vacancies/bulk_update", member.headers, {
      data: {
        type: "vacancy_bulk_updates",
        attributes: { ids: [own], changes: { closes_on: null } },
      },
      meta: { preview: "yes" },
    });
    expect(preview.statusCode).toBe(422);
  });
});

describe("GET /api/v1/managed_vacancies", () => {
  it("lists the vacancies the caller manages in every status, with application counts", async () => {
    const mark = `Lijst ${Date.now()}`;
    const ofO = [
      await draft({ title: `${mark} a` }),
      await draft({ title: `${mark} b`, status: "published", publishedAt: new Date() }),
      await draft({ title: `${mark} c`, status: "archived" }),
    ];
    const ofD = await draft({ title: `${mark} d` }, OD);
    await createApplication(t.database.db, tenant.id, {
      vacancyId: ofO[1],
      organizationId: O,
      volunteerCenterId: C,
      userId: volunteer.id,
    });
    const list = async (who: TPerson, extra = "") => {
      const res = await call(
        "GET",
        `/managed_vacancies?filter[title_i_cont]=${encodeURIComponent(mark)}&sort=title${extra}`,
        who.headers,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        data: { id: string; attributes: Record<string, unknown> }[];
        meta: { pagination: { records: number } };
      };
    };
    const ids = (doc: { data: { id: string }[] }) => doc.data.map((d) => Number(d.id));
    expect(ids(await list(member))).toEqual(ofO);
    expect(ids(await list(adminC))).toEqual(ofO);
    expect(ids(await list(adminD))).toEqual([ofD]);
    const refused = await call("GET", "/managed_vacancies", volunteer.headers);
    expect(refused.statusCode).toBe(403);
    const superadmin = await person(tenant, {}, "superadmin");
    expect(ids(await list(superadmin))).toEqual([...ofO, ofD]);
    expect(ids(await list(foreign))).toEqual([]);
    const published = await list(member, "&filter[status_eq]=published");
    expect(ids(published)).toEqual([ofO[1]]);
    expect(published.data[0].attributes).toMatchObject({
      applications_count: 1,
      open_applications_count: 1,
    });
    const bad = await call("GET", "/managed_vacancies?filter[status_eq]=paused", member.headers);
    expect(bad.statusCode).toBe(400);
  });

  it("reads one in any status to those who manage it; a draft is a 404 to anyone else", async () => {
    const id = await draft({ title: "Concept" });
    const res = await call("GET", `/managed_vacancies/${id}?include=tags`, member.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attributes).toMatchObject({ title: "Concept", status: "draft" });
    expect((await call("GET", `/managed_vacancies/${id}`, volunteer.headers)).statusCode).toBe(404);
    expect((await call("GET", `/managed_vacancies/${id}`, adminD.headers)).statusCode).toBe(404);
    expect((await call("GET", `/managed_vacancies/${id}`, foreign.headers)).statusCode).toBe(404);
  });
});
