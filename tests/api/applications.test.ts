import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../backend/db/client";
import {
  applications,
  applicationTransitions,
  notifications,
  tenants,
  users,
  vacancies,
} from "../../backend/db/schema";
import { closeApplicationsOfVacancies } from "../../backend/services/applications";
import { createTestApp, type TestApp } from "./support/app";
import { NO_RATE_LIMITS } from "./support/auth";
import { createOrganization, createTenantWithCenter } from "./support/factories";
import { signedInPerson, type TPerson } from "./support/resources";
import { createVacancy } from "./support/vacancy-factory";

// /api/v1/applications (docs/api-applications.md): applying, the lists of both sides, one
// application, and the status machine through PUT …/transition, with the notices each
// event sends (in-app and mail, in the recipient's language, as they chose).

type THeaders = Record<string, string>;

let t: TestApp;
let tenant: { id: number; slug: string };
let C: number;
let O: number;
let D: number;
let Q: number;
let volunteer: TPerson;
let volunteer2: TPerson;
let memberO: TPerson;
let adminO: TPerson;
let adminC: TPerson;
let adminD: TPerson;
let superadmin: TPerson;
let stranger: TPerson;
let other: { tenant: { id: number; slug: string }; vacancy: number; volunteer: TPerson };

const person = (
  tenantRow: { id: number; slug: string },
  attrs?: Parameters<typeof signedInPerson>[2],
  role?: Parameters<typeof signedInPerson>[3],
  resource?: Parameters<typeof signedInPerson>[4],
) => signedInPerson(t.database.db, tenantRow, attrs, role, resource);

const vacancyOf = (organizationId: number, extra: Record<string, unknown> = {}) =>
  createVacancy(t.database.db, tenant.id, {
    organizationId,
    volunteerCenterId: organizationId === Q ? D : C,
    ...extra,
  }).then((v) => v.id);

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" }, { auth: { rateLimits: NO_RATE_LIMITS } });
  const db = t.database.db;
  const made = await createTenantWithCenter(db);
  tenant = made.tenant;
  C = made.center.id;
  D = (await createOrganization(db, tenant.id, { type: "VolunteerCenter", name: "Centre D" })).id;
  O = (await createOrganization(db, tenant.id, { volunteerCenterId: C, name: "Buurthuis O" })).id;
  Q = (await createOrganization(db, tenant.id, { volunteerCenterId: D, name: "Sportclub Q" })).id;
  volunteer = await person(tenant, { firstName: "Vera", lastName: "Vrijwilliger" });
  volunteer2 = await person(tenant, { firstName: "Wim", lastName: "Tweede", locale: "en" });
  memberO = await person(tenant, { locale: "en" }, "member", { type: "Organization", id: O });
  adminO = await person(tenant, {}, "admin", { type: "Organization", id: O });
  adminC = await person(tenant, {}, "admin", { type: "Organization", id: C });
  adminD = await person(tenant, {}, "admin", { type: "Organization", id: D });
  superadmin = await person(tenant, {}, "superadmin");
  stranger = await person(tenant);
  const o = await createTenantWithCenter(db);
  const oOrg = await createOrganization(db, o.tenant.id, { volunteerCenterId: o.center.id });
  other = {
    tenant: o.tenant,
    vacancy: (
      await createVacancy(db, o.tenant.id, {
        organizationId: oOrg.id,
        volunteerCenterId: o.center.id,
      })
    ).id,
    volunteer: await person(o.tenant),
  };
  // Centre D's vacancies are public on this site only with centre sharing.
  await db
    .update(tenants)
    .set({ settings: { centreSharing: true } })
    .where(eq(tenants.id, tenant.id));
});
afterAll(() => t.close());

const json = { "content-type": "application/vnd.api+json" };

function applyTo(vacancyId: number | string, who: TPerson, motivation?: unknown, query = "") {
  return t.app.inject({
    method: "POST",
    url: `/api/v1/applications${query}`,
    headers: { ...who.headers, ...json },
    payload: JSON.stringify({
      data: {
        type: "applications",
        attributes: motivation === undefined ? {} : { motivation },
        relationships: { vacancy: { data: { type: "vacancies", id: String(vacancyId) } } },
      },
    }),
  });
}

function move(id: number, event: string, who: TPerson) {
  return t.app.inject({
    method: "PUT",
    url: `/api/v1/applications/${id}/transition?include=transitions`,
    headers: { ...who.headers, ...json },
    payload: JSON.stringify({
      data: { type: "applications", id: String(id), attributes: { event } },
    }),
  });
}

const get = (url: string, who: THeaders) =>
  t.app.inject({ method: "GET", url: `/api/v1${url}`, headers: who });

async function applied(vacancyId: number, who: TPerson = volunteer): Promise<number> {
  const res = await applyTo(vacancyId, who, "Ik help graag mee.");
  expect(res.statusCode, res.body).toBe(201);
  return Number(res.json().data.id);
}

async function applicationRow(id: number) {
  const [row] = await t.database.db.select().from(applications).where(eq(applications.id, id));
  return row;
}

async function noticesOf(userId: number, applicationId: number) {
  return t.database.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.url, `/applications/${applicationId}`),
      ),
    )
    .orderBy(notifications.id);
}

const mailsTo = (email: string) => t.mailer.sent.filter((m) => m.to === email);
const ids = (res: { json: () => { data: { id: string }[] } }) =>
  res.json().data.map((d) => Number(d.id));

describe("POST /api/v1/applications", () => {
  it("applies with a motivation, records the step and tells the organisation's staff", async () => {
    const vacancy = await vacancyOf(O, { title: "Voorlezen in de bibliotheek" });
    const mailsBefore = t.mailer.sent.length;
    const res = await applyTo(vacancy, volunteer, "  Ik lees graag voor.  ", "?include=vacancy");
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.data).toMatchObject({
      type: "application",
      attributes: {
        status: "new",
        motivation: "Ik lees graag voor.",
        side: "volunteer",
        allowed_events: ["withdraw"],
        responded_at: null,
        vacancy_id: vacancy,
        organization_id: O,
      },
      relationships: { vacancy: { data: { type: "vacancy", id: String(vacancy) } } },
    });
    expect(body.included[0].attributes.title).toBe("Voorlezen in de bibliotheek");
    const id = Number(body.data.id);
    const steps = await t.database.db
      .select()
      .from(applicationTransitions)
      .where(eq(applicationTransitions.applicationId, id));
    expect(steps).toMatchObject([{ event: "apply", toStatus: "new", actorId: volunteer.id }]);

    // Both staff of O: in the app, and by mail in their own language.
    const [forMember] = await noticesOf(memberO.id, id);
    expect(forMember).toMatchObject({
      kind: "application",
      title: "New application for Voorlezen in de bibliotheek",
      body: "Vera Vrijwilliger applied for the vacancy Voorlezen in de bibliotheek.",
    });
    const [forAdmin] = await noticesOf(adminO.id, id);
    expect(forAdmin.title).toBe("Nieuwe reactie op Voorlezen in de bibliotheek");
    const sent = t.mailer.sent.slice(mailsBefore);
    expect(sent.map((m) => m.to).sort()).toEqual([adminO.email, memberO.email].sort());
    const mail = sent.find((m) => m.to === memberO.email);
    expect(mail?.subject).toBe("New application for Voorlezen in de bibliotheek");
    expect(mail?.text).toContain(`/applications/${id}`);
    expect(mail?.text).toContain("/profile-edit/settings");
    // The applicant, and the centre's admins, are not told of it.
    expect(await noticesOf(volunteer.id, id)).toEqual([]);
    expect(await noticesOf(adminC.id, id)).toEqual([]);
  });

  it("takes one open application per person and vacancy, and a new one once it settled", async () => {
    const vacancy = await vacancyOf(O);
    const first = await applied(vacancy);
    const again = await applyTo(vacancy, volunteer, "Nog een keer");
    expect(again.statusCode).toBe(422);
    expect(again.json().errors[0]).toMatchObject({
      code: "already_applied",
      source: { pointer: "/data/relationships/vacancy" },
      meta: { application_id: String(first) },
    });
    expect((await move(first, "withdraw", volunteer)).statusCode).toBe(200);
    const second = await applied(vacancy);
    expect(second).not.toBe(first);
    // Someone else applies to the same vacancy as they like.
    await applied(vacancy, volunteer2);
  });

  it("refuses a closed, archived, past-deadline, draft, unknown or foreign vacancy and stores nothing", async () => {
    const closed = await vacancyOf(O, { status: "closed" });
    const archived = await vacancyOf(O, { status: "archived" });
    const past = await vacancyOf(O, { closesOn: "2020-01-01" });
    const draft = await vacancyOf(O, { status: "draft" });
    const count = async () =>
      (await t.database.db.select().from(applications).where(eq(applications.userId, stranger.id)))
        .length;
    for (const [vacancy, code] of [
      [closed, "vacancy_closed"],
      [archived, "vacancy_closed"],
      [past, "vacancy_closed"],
      [draft, "blank"],
      [999999, "blank"],
      [other.vacancy, "blank"],
    ] as const) {
      const res = await applyTo(vacancy, stranger, "Graag");
      expect(res.statusCode, `${vacancy}: ${res.body}`).toBe(422);
      expect(res.json().errors[0]).toMatchObject({
        code,
        source: { pointer: "/data/relationships/vacancy" },
      });
    }
    expect(await count()).toBe(0);
  });

  it("answers a bad document with a 422 on its pointer and signed out with a 401", async () => {
    const vacancy = await vacancyOf(O);
    const long = await applyTo(vacancy, stranger, "x".repeat(2001));
    expect(long.statusCode).toBe(422);
    expect(long.json().errors[0]).toMatchObject({
      code: "too_long",
      source: { pointer: "/data/attributes/motivation" },
    });
    const notText = await applyTo(vacancy, stranger, 42);
    expect(notText.statusCode).toBe(422);
    for (const data of [
      { type: "applications", attributes: {} },
      { type: "applications", attributes: {}, relationships: { vacancy: { data: null } } },
      {
        type: "applications",
        attributes: {},
        relationships: { vacancy: { data: { type: "users", id: String(vacancy) } } },
      },
      {
        type: "applications",
        attributes: {},
        relationships: { vacancy: { data: { type: "vacancies", id: "abc" } } },
      },
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v1/applications",
        headers: { ...stranger.headers, ...json },
        payload: JSON.stringify({ data }),
      });
      expect(res.statusCode, JSON.stringify(data)).toBe(422);
      expect(res.json().errors[0].source.pointer).toBe("/data/relationships/vacancy");
    }
    const signedOut = await applyTo(vacancy, {
      ...stranger,
      headers: { "x-tenant": tenant.slug },
    });
    expect(signedOut.statusCode).toBe(401);
    expect(
      (await t.database.db.select().from(applications).where(eq(applications.userId, stranger.id)))
        .length,
    ).toBe(0);
  });

  it("applies to a vacancy of a partner centre that shares its vacancies", async () => {
    const vacancy = await vacancyOf(Q);
    const id = await applied(vacancy, volunteer2);
    expect((await applicationRow(id)).volunteerCenterId).toBe(D);
  });
});

describe("GET /api/v1/applications", () => {
  let vO: number;
  let vQ: number;
  let a1: number;
  let a2: number;
  let a3: number;

  beforeAll(async () => {
    vO = await vacancyOf(O, { title: "Tuinman gezocht" });
    vQ = await vacancyOf(Q, { title: "Trainer gezocht" });
    a1 = await applied(vO, volunteer);
    a2 = await applied(vO, volunteer2);
    a3 = await applied(vQ, volunteer);
  });

  it("gives a volunteer their own, the organisation its own, a centre admin its centre's", async () => {
    const mine = ids(await get("/applications?page[size]=100", volunteer.headers));
    expect(mine).toEqual(expect.arrayContaining([a1, a3]));
    expect(mine).not.toContain(a2);
    const forO = ids(await get("/applications?page[size]=100", memberO.headers));
    expect(forO).toEqual(expect.arrayContaining([a1, a2]));
    expect(forO).not.toContain(a3);
    const forC = ids(await get("/applications?page[size]=100", adminC.headers));
    expect(forC).toEqual(expect.arrayContaining([a1, a2]));
    expect(forC).not.toContain(a3);
    const forD = ids(await get("/applications?page[size]=100", adminD.headers));
    expect(forD).toContain(a3);
    expect(forD).not.toContain(a1);
    const all = ids(await get("/applications?page[size]=100", superadmin.headers));
    expect(all).toEqual(expect.arrayContaining([a1, a2, a3]));
    expect(ids(await get("/applications", stranger.headers))).toEqual([]);
  });

  it("filters by scope, status, vacancy, waiting and words, newest first, paged", async () => {
    const forVacancy = await get(
      `/applications?filter[vacancy_id_eq]=${vO}&include=user,vacancy`,
      adminO.headers,
    );
    expect(forVacancy.statusCode, forVacancy.body).toBe(200);
    expect(ids(forVacancy)).toEqual([a2, a1]);
    const body = forVacancy.json();
    expect(body.data[0].attributes.side).toBe("organization");
    expect(body.data[0].attributes.allowed_events).toEqual(["accept", "decline"]);
    const applicant = body.included.find(
      (r: { type: string; id: string }) => r.type === "user" && r.id === String(volunteer2.id),
    );
    expect(applicant.attributes).toEqual({
      first_name: "Wim",
      last_name: "Tweede",
      email: volunteer2.email,
      phone: null,
    });
    expect(
      ids(await get(`/applications?filter[q]=wim&filter[vacancy_id_eq]=${vO}`, adminO.headers)),
    ).toEqual([a2]);
    expect(ids(await get("/applications?filter[q]=tuinman", volunteer.headers))).toEqual([a1]);
    expect(ids(await get("/applications?filter[scope]=own", adminO.headers))).toEqual([]);
    expect(ids(await get("/applications?filter[scope]=managed", volunteer.headers))).toEqual([]);

    expect((await move(a2, "decline", adminO)).statusCode).toBe(200);
    const waiting = ids(
      await get(`/applications?filter[vacancy_id_eq]=${vO}&filter[waiting]=true`, adminO.headers),
    );
    expect(waiting).toEqual([a1]);
    const declined = ids(
      await get(
        `/applications?filter[status_eq]=declined&filter[vacancy_id_eq]=${vO}`,
        adminO.headers,
      ),
    );
    expect(declined).toEqual([a2]);
    const paged = await get(
      `/applications?filter[vacancy_id_eq]=${vO}&page[size]=1&page[number]=2&sort=created_at`,
      adminO.headers,
    );
    expect(ids(paged)).toEqual([a2]);
    expect(paged.json().meta.pagination).toMatchObject({ records: 2, current: 2 });
  });

  it("refuses unknown filters and values with a 400, and signed out with a 401", async () => {
    for (const query of [
      "filter[status_eq]=maybe",
      "filter[scope]=everyone",
      "filter[waiting]=yes",
      "filter[user_id_eq]=1",
      "sort=motivation",
      `filter[q]=${"x".repeat(201)}`,
    ]) {
      expect((await get(`/applications?${query}`, volunteer.headers)).statusCode, query).toBe(400);
    }
    expect((await get("/applications", { "x-tenant": tenant.slug })).statusCode).toBe(401);
  });
});

describe("GET /api/v1/applications/:id", () => {
  it("shows the application to its applicant and the organisation's side, with its history", async () => {
    const vacancy = await vacancyOf(O);
    const id = await applied(vacancy);
    for (const who of [volunteer, memberO, adminO, adminC, superadmin]) {
      const res = await get(
        `/applications/${id}?include=vacancy,user,organization,transitions`,
        who.headers,
      );
      expect(res.statusCode, res.body).toBe(200);
      const included = res
        .json()
        .included.map((r: { type: string }) => r.type)
        .sort();
      expect(included).toEqual(["application_transition", "organization", "user", "vacancy"]);
    }
  });

  it("is a 404 to anyone else, another tenant's people included, and 401 signed out", async () => {
    const vacancy = await vacancyOf(O);
    const id = await applied(vacancy);
    for (const who of [stranger, volunteer2, adminD, other.volunteer]) {
      expect((await get(`/applications/${id}`, who.headers)).statusCode).toBe(404);
    }
    expect((await get(`/applications/${id}`, { "x-tenant": tenant.slug })).statusCode).toBe(401);
    expect((await get("/applications/0", volunteer.headers)).statusCode).toBe(404);
    expect((await get("/applications/abc", volunteer.headers)).statusCode).toBe(404);
  });
});

describe("PUT /api/v1/applications/:id/transition", () => {
  it("lets the organisation accept: the volunteer hears of it, reply time starts", async () => {
    const vacancy = await vacancyOf(O, { title: "Chauffeur" });
    const id = await applied(vacancy, volunteer2);
    const res = await move(id, "accept", memberO);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attributes).toMatchObject({ status: "accepted", allowed_events: [] });
    const row = await applicationRow(id);
    expect(row.status).toBe("accepted");
    expect(row.respondedAt).not.toBeNull();
    const steps = res.json().included.map((r: { attributes: { event: string } }) => r.attributes);
    expect(steps).toMatchObject([
      { event: "apply", from_status: "new", to_status: "new" },
      { event: "accept", from_status: "new", to_status: "accepted" },
    ]);
    const [notice] = await noticesOf(volunteer2.id, id);
    expect(notice.title).toBe("Your application for Chauffeur was accepted");
    expect(mailsTo(volunteer2.email).at(-1)?.subject).toBe(
      "Your application for Chauffeur was accepted",
    );
  });

  it("lets the volunteer withdraw: the organisation's staff hear of it", async () => {
    const vacancy = await vacancyOf(O, { title: "Koken" });
    const id = await applied(vacancy);
    const res = await move(id, "withdraw", volunteer);
    expect(res.statusCode, res.body).toBe(200);
    expect((await applicationRow(id)).status).toBe("withdrawn");
    expect((await applicationRow(id)).respondedAt).toBeNull();
    const titles = (await noticesOf(adminO.id, id)).map((n) => n.title);
    expect(titles).toEqual(["Nieuwe reactie op Koken", "Reactie teruggetrokken: Koken"]);
  });

  it("refuses the other side's events with a 403 and a settled status with a 422, changing nothing", async () => {
    const vacancy = await vacancyOf(O);
    const id = await applied(vacancy);
    expect((await move(id, "accept", volunteer)).statusCode).toBe(403);
    expect((await move(id, "withdraw", memberO)).statusCode).toBe(403);
    expect((await move(id, "accept", adminD)).statusCode).toBe(404);
    expect((await move(id, "accept", stranger)).statusCode).toBe(404);
    expect((await applicationRow(id)).status).toBe("new");
    expect((await move(id, "decline", adminC)).statusCode).toBe(200);
    const again = await move(id, "accept", adminO);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors[0]).toMatchObject({
      code: "invalid_transition",
      source: { pointer: "/data/attributes/event" },
    });
    expect((await move(id, "withdraw", volunteer)).statusCode).toBe(422);
    expect((await applicationRow(id)).status).toBe("declined");
    const bad = await move(id, "close", adminO);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].source.pointer).toBe("/data/attributes/event");
    const mismatch = await t.app.inject({
      method: "PUT",
      url: `/api/v1/applications/${id}/transition`,
      headers: { ...adminO.headers, ...json },
      payload: JSON.stringify({
        data: { type: "applications", id: "1", attributes: { event: "accept" } },
      }),
    });
    expect(mismatch.statusCode).toBe(422);
  });
});

describe("notification preferences", () => {
  async function prefer(userId: number, value: Record<string, string>) {
    await t.database.db
      .update(users)
      .set({ notificationPreferences: value })
      .where(eq(users.id, userId));
  }

  it("tells nobody who chose none, and only by mail who chose mail", async () => {
    const quiet = await person(tenant, {}, "member", { type: "Organization", id: Q });
    const mailOnly = await person(tenant, {}, "admin", { type: "Organization", id: Q });
    await prefer(quiet.id, { application_received: "none" });
    await prefer(mailOnly.id, { application_received: "mail" });
    const id = await applied(await vacancyOf(Q));
    expect(await noticesOf(quiet.id, id)).toEqual([]);
    expect(mailsTo(quiet.email)).toEqual([]);
    expect(await noticesOf(mailOnly.id, id)).toEqual([]);
    expect(mailsTo(mailOnly.email)).toHaveLength(1);
    // Another kind keeps its default: both.
    await prefer(volunteer.id, { application_received: "none" });
    expect((await move(id, "accept", mailOnly)).statusCode).toBe(200);
    expect(await noticesOf(volunteer.id, id)).toHaveLength(1);
  });
});

describe("a closing vacancy", () => {
  it("closes what is still open, by the system, and tells each applicant", async () => {
    const vacancy = await vacancyOf(O, { title: "Seizoenswerk" });
    const other = await vacancyOf(O, { title: "Oogstdag" });
    const open = await applied(vacancy, volunteer);
    const settled = await applied(vacancy, volunteer2);
    const elsewhere = await applied(other, volunteer2);
    expect((await move(settled, "withdraw", volunteer2)).statusCode).toBe(200);
    const closed = await withTenant(t.database.db, tenant.id, async (tx) => {
      await tx
        .update(vacancies)
        .set({ status: "closed" })
        .where(inArray(vacancies.id, [vacancy, other]));
      return closeApplicationsOfVacancies(tx, {
        tenantId: tenant.id,
        vacancyIds: [vacancy, other],
        origin: null,
      });
    });
    expect(Object.fromEntries(closed)).toEqual({ [vacancy]: 1, [other]: 1 });
    await t.app.jobs.drain();
    expect((await applicationRow(open)).status).toBe("closed");
    expect((await applicationRow(settled)).status).toBe("withdrawn");
    expect((await applicationRow(elsewhere)).status).toBe("closed");
    expect(await noticesOf(volunteer2.id, elsewhere)).toHaveLength(1);
    const [notice] = await noticesOf(volunteer.id, open);
    expect(notice.title).toBe("De vacature Seizoenswerk is gesloten");
    const steps = await t.database.db
      .select()
      .from(applicationTransitions)
      .where(eq(applicationTransitions.applicationId, open));
    expect(steps.at(-1)).toMatchObject({ event: "close", toStatus: "closed", actorId: null });
  });
});
