import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueToken } from "../../backend/auth/token-store";
import { poolInvitations } from "../../backend/db/schema";
import { insertConversation } from "../../backend/queries/conversations";
import { createActivity } from "./support/activity-factories";
import { createTestApp, type TestApp } from "./support/app";
import { createApplication } from "./support/application-factory";
import { NO_RATE_LIMITS } from "./support/auth";
import {
  createContentPage,
  createNewsArticle,
  createStoredImage,
} from "./support/content-factories";
import {
  addRole,
  createNotification,
  createOrganization,
  createUser,
  TEST_PASSWORD,
} from "./support/factories";
import { createForm, createSubmission } from "./support/form-factory";
import { routesOf } from "./support/permissions-doc";
import { createDesk, signedIn } from "./support/resources";
import { buildHome, buildVictim, type THome, type TVictim } from "./support/sweep-fixtures";
import { type TSnapshot, tenantSnapshot } from "./support/tenant-snapshot";
import { createFailedJob } from "./support/test-jobs";
import { createTag, createVacancy } from "./support/vacancy-factory";

// A sweep swaps ids across tenants on every `:id` route: all 404, nothing
// read or written. Every registered route with a path parameter, every method, gets tenant
// B's ids from tenant A's superadmin, with a body that works on A's own record (the control
// proves it), so the 404 can only come from the tenant. After each route, B's tables are
// compared row by row with before. A new `:param` route without a case here fails the first
// test. Ids in the body and mailed tokens follow (docs/permissions.md [other-tenant-body]).

type TMethod = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";
type TCase = {
  /** B's records this route is about. */
  victims: (b: TVictim) => number[];
  /** A record of A the same request works on (fresh where the request changes it). */
  control: (a: THome) => Promise<number>;
  body?: (id: number, a: THome) => unknown;
};

let t: TestApp;
let a: THome;
let b: TVictim;
let before: TSnapshot;
/** A tag of A that merges take in. */
let intoTag: number;

const doc = (type: string, attributes: Record<string, unknown>, id?: number) => ({
  data: { type, ...(id === undefined ? {} : { id: String(id) }), attributes },
});
const freshUser = async (confirmed = true) => {
  const user = await createUser(t.database.db, a.tenant.id, { volunteerCenterId: a.C, confirmed });
  await addRole(t.database.db, a.tenant.id, user.id, "member", { type: "Organization", id: a.O });
  return user.id;
};
const freshOrganization = async (status: "approved" | "pending" = "approved") =>
  (await createOrganization(t.database.db, a.tenant.id, { volunteerCenterId: a.C, status })).id;
const allUsers = (v: TVictim) => Object.values(v.users).map((u) => u.id);
const memberOfO = (_id: number, home: THome) =>
  doc("users", { role: "member", resource_type: "Organization", resource_id: home.O });

/** A fresh vacancy of A's O in `status` (docs/vacancy-writes.md). */
const vacancyOf = (status: "draft" | "published") => async (h: THome) =>
  (
    await createVacancy(t.database.db, h.tenant.id, {
      organizationId: h.O,
      volunteerCenterId: h.C,
      status,
      publishedAt: status === "published" ? new Date() : null,
    })
  ).id;

/** A fresh activity of A's C in `status`, ten days ahead (docs/activity-writes.md). */
const activityOf = (status: "draft" | "published") => async (h: THome) =>
  (
    await createActivity(t.database.db, h.tenant.id, {
      volunteerCenterId: h.C,
      status,
      startsAt: new Date(Date.now() + 10 * 86_400_000),
    })
  ).id;

/** A fresh open application in A, to A's vacancy, by a fresh user. */
const applicationOf = async (h: THome) =>
  (
    await createApplication(t.database.db, h.tenant.id, {
      vacancyId: h.vacancy,
      organizationId: h.O,
      volunteerCenterId: h.C,
      userId: await freshUser(),
    })
  ).id;
/** A fresh thread in A whose volunteer is A's superadmin (the sweep's caller). */
const threadOf = async (h: THome) =>
  (
    await insertConversation(t.database.db, {
      tenantId: h.tenant.id,
      kind: "direct",
      applicationId: null,
      organizationId: h.C,
      volunteerId: h.superadmin.id,
      subject: "Vraag",
      createdById: h.superadmin.id,
    })
  ).id;
/** A fresh pending invitation in A for A's superadmin (the sweep's caller). */
const invitationOf = async (h: THome) =>
  (
    await t.database.db
      .insert(poolInvitations)
      .values({
        tenantId: h.tenant.id,
        volunteerCenterId: h.C,
        vacancyId: h.vacancy,
        userId: h.superadmin.id,
      })
      .returning({ id: poolInvitations.id })
  )[0].id;
const newsOf = async (h: THome) =>
  (await createNewsArticle(t.database.db, h.tenant.id, { volunteerCenterId: h.C })).id;
const pageOf = async (h: THome) => (await createContentPage(t.database.db, h.tenant.id)).id;
const imageOf = async (h: THome) => (await createStoredImage(t.app, t.database.db, h.tenant.id)).id;
const organization = { victims: (v: TVictim) => [v.O, v.pending, v.C, v.D] };
const tagOf = async (h: THome) => (await createTag(t.database.db, h.tenant.id)).id;
/** A fresh published form of A's O (docs/forms.md), with one submission. */
const formOf = async (h: THome) =>
  createForm(t.database.db, h.tenant.id, {
    organizationId: h.O,
    volunteerCenterId: h.C,
    status: "published",
  });
const formIdOf = async (h: THome) => (await formOf(h)).id;
const formCase = { victims: (v: TVictim) => [v.form.id], control: formIdOf };
const CASES: Record<string, TCase> = {
  "PATCH /api/v1/notifications/:id": {
    victims: (v) => [v.notification],
    control: async (h) =>
      (await createNotification(t.database.db, h.tenant.id, h.superadmin.id)).id,
    body: (id) => doc("notification", { read: true }, id),
  },
  "GET /api/v1/organizations/:id": { ...organization, control: async (h) => h.O },
  "HEAD /api/v1/organizations/:id": { ...organization, control: async (h) => h.O },
  "GET /api/v1/organizations/:id/staff": { ...organization, control: async (h) => h.O },
  "HEAD /api/v1/organizations/:id/staff": { ...organization, control: async (h) => h.O },
  "PUT /api/v1/organizations/:id": {
    ...organization,
    control: async (h) => h.O,
    body: (id) => doc("organizations", { phone: "038 000 00 00" }, id),
  },
  "DELETE /api/v1/organizations/:id": { ...organization, control: () => freshOrganization() },
  "PUT /api/v1/organizations/:id/approve": {
    ...organization,
    control: () => freshOrganization("pending"),
    body: (id) => doc("organizations", { status: "approved" }, id),
  },
  "PUT /api/v1/organizations/:id/move": {
    ...organization,
    control: () => freshOrganization(),
    body: (id, h) => doc("organizations", { volunteer_center_id: h.D }, id),
  },
  "GET /api/v1/users/:id": { victims: allUsers, control: () => freshUser() },
  "HEAD /api/v1/users/:id": { victims: allUsers, control: () => freshUser() },
  "PATCH /api/v1/users/:id": {
    victims: allUsers,
    control: () => freshUser(),
    body: (id) => doc("users", { first_name: "Veranderd" }, id),
  },
  "DELETE /api/v1/users/:id": { victims: allUsers, control: () => freshUser() },
  "PUT /api/v1/users/:id/add_role": {
    victims: allUsers,
    control: () => freshUser(),
    body: (_id, h) =>
      doc("users", { role: "admin", resource_type: "Organization", resource_id: h.O }),
  },
  "DELETE /api/v1/users/:id/remove_role": {
    victims: allUsers,
    control: () => freshUser(),
    body: memberOfO,
  },
  "POST /api/v1/users/:id/resend_confirmation_instructions": {
    victims: allUsers,
    control: () => freshUser(false),
  },
  "GET /api/v1/forms/:id": formCase,
  "HEAD /api/v1/forms/:id": formCase,
  "PATCH /api/v1/forms/:id": {
    ...formCase,
    body: (id) => doc("forms", { title: "Andere titel" }, id),
  },
  "DELETE /api/v1/forms/:id": formCase,
  "PUT /api/v1/forms/:id/transition": {
    ...formCase,
    body: (id) => doc("forms", { event: "close" }, id),
  },
  "GET /api/v1/forms/:id/form_versions": formCase,
  "HEAD /api/v1/forms/:id/form_versions": formCase,
  "GET /api/v1/forms/:id/form_submissions": formCase,
  "HEAD /api/v1/forms/:id/form_submissions": formCase,
  "GET /api/v1/forms/:id/form_submissions.csv": formCase,
  "HEAD /api/v1/forms/:id/form_submissions.csv": formCase,
  "GET /api/v1/news_articles/:id": { victims: (v) => [v.news], control: async (h) => newsOf(h) },
  "HEAD /api/v1/news_articles/:id": { victims: (v) => [v.news], control: async (h) => newsOf(h) },
  "PATCH /api/v1/news_articles/:id": {
    victims: (v) => [v.news],
    control: newsOf,
    body: (id) => doc("news_articles", { title: "Andere titel" }, id),
  },
  "DELETE /api/v1/news_articles/:id": { victims: (v) => [v.news], control: newsOf },
  "PATCH /api/v1/content_pages/:id": {
    victims: (v) => [v.page],
    control: pageOf,
    body: (id) => doc("content_pages", { title: "Andere titel" }, id),
  },
  "DELETE /api/v1/content_pages/:id": { victims: (v) => [v.page], control: pageOf },
  "GET /api/v1/images/:id": { victims: (v) => [v.image], control: imageOf },
  "HEAD /api/v1/images/:id": { victims: (v) => [v.image], control: imageOf },
  "GET /api/v1/site_settings/:id": { victims: (v) => [v.C, v.D], control: async (h) => h.C },
  "HEAD /api/v1/site_settings/:id": { victims: (v) => [v.C, v.D], control: async (h) => h.C },
  "PUT /api/v1/site_settings/:id": {
    victims: (v) => [v.C, v.D],
    control: async (h) => h.C,
    body: (id) => doc("site_settings", { footer: { text: "Tot ziens" } }, id),
  },
  "GET /api/v1/volunteer_centers/:id/overdue_applications": {
    victims: (v) => [v.C, v.D],
    control: async (h) => h.C,
  },
  "HEAD /api/v1/volunteer_centers/:id/overdue_applications": {
    victims: (v) => [v.C, v.D],
    control: async (h) => h.C,
  },
  "GET /api/v1/activities/:id": { victims: (v) => [v.activity], control: async (h) => h.activity },
  "HEAD /api/v1/activities/:id": { victims: (v) => [v.activity], control: async (h) => h.activity },
  "PATCH /api/v1/activities/:id": {
    victims: (v) => [v.activity],
    control: activityOf("draft"),
    body: (id) => doc("activities", { title: "Andere titel" }, id),
  },
  "DELETE /api/v1/activities/:id": { victims: (v) => [v.activity], control: activityOf("draft") },
  "PUT /api/v1/activities/:id/transition": {
    victims: (v) => [v.activity],
    control: activityOf("published"),
    body: (id) => doc("activities", { status: "cancelled" }, id),
  },
  "POST /api/v1/activities/:id/copy": {
    victims: (v) => [v.activity],
    control: activityOf("published"),
  },
  "GET /api/v1/desks/:id": { victims: (v) => [v.desk], control: async (h) => h.desk },
  "HEAD /api/v1/desks/:id": { victims: (v) => [v.desk], control: async (h) => h.desk },
  "PATCH /api/v1/meedoen/desks/:id": {
    victims: (v) => [v.desk],
    control: async (h) => h.desk,
    body: (id) => doc("desks", { phone: "0301234567", welcome_title: "Welkom" }, id),
  },
  "DELETE /api/v1/meedoen/desks/:id": {
    victims: (v) => [v.desk],
    control: async (h) =>
      (await createDesk(t.database.db, h.tenant.id, { volunteerCenterId: h.C })).id,
  },
  "GET /api/v1/vacancies/:id": { victims: (v) => [v.vacancy], control: async (h) => h.vacancy },
  "HEAD /api/v1/vacancies/:id": { victims: (v) => [v.vacancy], control: async (h) => h.vacancy },
  "GET /api/v1/managed_vacancies/:id": {
    victims: (v) => [v.vacancy],
    control: vacancyOf("draft"),
  },
  "HEAD /api/v1/managed_vacancies/:id": {
    victims: (v) => [v.vacancy],
    control: vacancyOf("draft"),
  },
  "PATCH /api/v1/vacancies/:id": {
    victims: (v) => [v.vacancy],
    control: vacancyOf("draft"),
    body: (id) => doc("vacancies", { title: "Andere titel" }, id),
  },
  "DELETE /api/v1/vacancies/:id": { victims: (v) => [v.vacancy], control: vacancyOf("draft") },
  "PUT /api/v1/vacancies/:id/transition": {
    victims: (v) => [v.vacancy],
    control: vacancyOf("published"),
    body: (id) => doc("vacancies", { status: "closed" }, id),
  },
  "POST /api/v1/vacancies/:id/duplicate": {
    victims: (v) => [v.vacancy],
    control: vacancyOf("published"),
  },
  "GET /api/v1/applications/:id": { victims: (v) => [v.application], control: applicationOf },
  "HEAD /api/v1/applications/:id": { victims: (v) => [v.application], control: applicationOf },
  "PUT /api/v1/applications/:id/transition": {
    victims: (v) => [v.application],
    control: applicationOf,
    body: (id) => doc("applications", { event: "accept" }, id),
  },
  "GET /api/v1/conversations/:id": { victims: (v) => [v.conversation], control: threadOf },
  "HEAD /api/v1/conversations/:id": { victims: (v) => [v.conversation], control: threadOf },
  "PUT /api/v1/conversations/:id/read": { victims: (v) => [v.conversation], control: threadOf },
  "POST /api/v1/conversations/:id/messages": {
    victims: (v) => [v.conversation],
    control: threadOf,
    body: () => ({ data: { type: "messages", attributes: { body: "Hallo" } } }),
  },
  "GET /api/v1/help_posts/:id": { victims: (v) => [v.helpPost], control: (h) => h.helpPost() },
  "HEAD /api/v1/help_posts/:id": { victims: (v) => [v.helpPost], control: (h) => h.helpPost() },
  "PATCH /api/v1/help_posts/:id": {
    victims: (v) => [v.helpPost],
    control: (h) => h.helpPost(),
    body: (id) => doc("help_posts", { title: "Andere titel" }, id),
  },
  "POST /api/v1/help_posts/:id/conversations": {
    victims: (v) => [v.helpPost],
    control: (h) => h.othersHelpPost(),
    body: () => ({ data: { type: "conversations", attributes: { body: "Ik help graag." } } }),
  },
  "PUT /api/v1/help_posts/:id/transition": {
    victims: (v) => [v.helpPost],
    control: (h) => h.helpPost(),
    body: (id) => doc("help_posts", { event: "close" }, id),
  },
  "GET /api/v1/activity_registrations/:id": {
    victims: (v) => [v.registration],
    control: (h) => h.registration("future"),
  },
  "HEAD /api/v1/activity_registrations/:id": {
    victims: (v) => [v.registration],
    control: (h) => h.registration("future"),
  },
  "DELETE /api/v1/activity_registrations/:id": {
    victims: (v) => [v.registration],
    control: (h) => h.registration("future"),
  },
  "PUT /api/v1/activity_registrations/:id/attendance": {
    victims: (v) => [v.registration],
    control: (h) => h.registration("past"),
    body: (id) => doc("activity_registrations", { attended: true, minutes: 30 }, id),
  },
  "PUT /api/v1/pool_invitations/:id/transition": {
    victims: (v) => [v.poolInvitation],
    control: invitationOf,
    body: (id) => doc("pool_invitations", { event: "decline" }, id),
  },
  "PATCH /api/v1/tags/:id": {
    victims: (v) => [v.tag],
    control: tagOf,
    body: (id) => doc("tags", { name: "Hernoemd", archived: true }, id),
  },
  "DELETE /api/v1/tags/:id": { victims: (v) => [v.tag], control: tagOf },
  "POST /api/v1/tags/:id/merge": {
    victims: (v) => [v.tag],
    control: tagOf,
    body: () => ({
      data: {
        type: "tags",
        relationships: { into: { data: { type: "tags", id: String(intoTag) } } },
      },
    }),
  },
  "POST /api/v1/jobs/:id/retry": {
    victims: (v) => [v.job],
    control: async (h) => (await createFailedJob(t.database.db, h.tenant.id)).id,
  },
};
/** Path parameters that are no record id, each with the values to send and why. */
const NOT_IDS: Record<string, { values: string[]; why: string }> = {
  // A language, not a record: the answer is the X-Tenant's overrides, never B's.
  "GET /api/v1/translations/:locale": { values: ["nl", "en"], why: "locale" },
  "HEAD /api/v1/translations/:locale": { values: ["nl", "en"], why: "locale" },
};

/** Path parameters that are a secret token, not an id: B's tokens get their own test below. */
const TOKENS: Record<string, string> = {
  "POST /api/v1/forms/:id/submissions": "a form's public token (and GET /forms/:token)",
  "GET /api/v1/forms/:id/form_submissions/:submission_id":
    "two ids: the form's and the submission's",
  "HEAD /api/v1/forms/:id/form_submissions/:submission_id":
    "two ids: the form's and the submission's",
  "DELETE /api/v1/forms/:id/form_submissions/:submission_id":
    "two ids: the form's and the submission's",
  "GET /api/v1/calendar/:token.ics": "a calendar address",
  "HEAD /api/v1/calendar/:token.ics": "a calendar address",
};

function request(
  method: TMethod,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: {
      ...a.headers,
      ...headers,
      ...(body === undefined ? {} : { "content-type": "application/vnd.api+json" }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/** Nothing of B in the answer: no SECRET in names, no address of B's users. */
function readNothing(res: LightMyRequestResponse) {
  expect(res.body).not.toContain(b.secret);
  expect(res.body.toLowerCase()).not.toContain(b.secret.toLowerCase());
}

async function unchanged() {
  expect(await tenantSnapshot(t.database.db, b.tenant.id)).toEqual(before);
}

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" }, { auth: { rateLimits: NO_RATE_LIMITS } });
  a = await buildHome(t);
  b = await buildVictim(t);
  intoTag = await tagOf(a);
  before = await tenantSnapshot(t.database.db, b.tenant.id);
});

afterAll(async () => {
  await t?.close();
});

describe("every route with a path parameter, given tenant B's ids by tenant A's superadmin", () => {
  it("has a case for every registered route with a path parameter, and none for a route that is gone", () => {
    const routes = routesOf(t.app.printRoutes({ commonPrefix: false }), { head: true }).filter(
      (route) => route.includes("/:"),
    );
    expect(routes.length).toBeGreaterThan(10);
    const known = [...Object.keys(CASES), ...Object.keys(NOT_IDS), ...Object.keys(TOKENS)];
    expect(routes.filter((route) => !known.includes(route))).toEqual([]);
    expect(known.filter((route) => !routes.includes(route))).toEqual([]);
  });

  for (const [route, spec] of Object.entries(CASES)) {
    const [method, template] = route.split(" ") as [TMethod, string];
    it(`${route} — B's ids are 404, nothing of B read or written; A's own works`, async () => {
      const control = await spec.control(a);
      const own = await request(
        method,
        template.replace(":id", String(control)),
        spec.body?.(control, a),
      );
      expect(own.statusCode, `control on A's own record: ${own.body}`).toBeLessThan(300);
      for (const id of spec.victims(b)) {
        const res = await request(method, template.replace(":id", String(id)), spec.body?.(id, a));
        expect(res.statusCode, `${route} with B's ${id}: ${res.body}`).toBe(404);
        readNothing(res);
      }
      await unchanged();
    });
  }

  for (const [route, { values }] of Object.entries(NOT_IDS)) {
    const [method, template] = route.split(" ") as [TMethod, string];
    it(`${route} — no id: answers A's own data only, never B's`, async () => {
      for (const value of values) {
        const res = await request(method, template.replace(/:\w+/, value));
        expect(res.statusCode).toBe(200);
        readNothing(res);
      }
      await unchanged();
    });
  }
});

describe("tenant B's forms by token and its submissions, on tenant A's site", () => {
  it("GET /forms/<B's token> and POST /forms/<B's token>/submissions: 404, nothing read or written; A's own work", async () => {
    const own = await formOf(a);
    expect((await request("GET", `/api/v1/forms/${own.token}`)).statusCode).toBe(200);
    const answer = doc("form_submissions", { answers: { name: "Anna" } });
    expect(
      (await request("POST", `/api/v1/forms/${own.token}/submissions`, answer)).statusCode,
    ).toBe(201);
    for (const [method, url] of [
      ["GET", `/api/v1/forms/${b.form.token}`],
      ["HEAD", `/api/v1/forms/${b.form.token}`],
      ["POST", `/api/v1/forms/${b.form.token}/submissions`],
    ] as const) {
      const res = await request(method, url, method === "POST" ? answer : undefined);
      expect(res.statusCode, url).toBe(404);
      readNothing(res);
    }
    await unchanged();
  });

  it("GET, HEAD and DELETE /forms/:id/form_submissions/:submission_id with B's form, or A's form and B's submission: 404", async () => {
    const own = await formOf(a);
    for (const method of ["GET", "HEAD", "DELETE"] as const) {
      const mine = await createSubmission(t.database.db, a.tenant.id, own);
      const control = await request(method, `/api/v1/forms/${own.id}/form_submissions/${mine.id}`);
      expect(control.statusCode, `${method} on A's own`).toBeLessThan(300);
      for (const url of [
        `/api/v1/forms/${b.form.id}/form_submissions/${b.form.submission}`,
        `/api/v1/forms/${own.id}/form_submissions/${b.form.submission}`,
      ]) {
        const res = await request(method, url);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        readNothing(res);
      }
    }
    await unchanged();
  });
});

describe("tenant B's calendar address and data export link, used on tenant A's site", () => {
  it("GET and HEAD /api/v1/calendar/<B's token>.ics: 404, B's feed never read; A's own works", async () => {
    const made = await request("POST", "/api/v1/calendar_tokens");
    expect(made.statusCode).toBe(201);
    const own = new URL(made.json().data.attributes.url).pathname;
    expect((await request("GET", own)).statusCode).toBe(200);
    for (const method of ["GET", "HEAD"] as const) {
      const res = await request(method, `/api/v1/calendar/${b.raw.calendar}.ics`, undefined, {
        "x-tenant": a.tenant.slug,
      });
      expect(res.statusCode).toBe(404);
      readNothing(res);
    }
    await unchanged();
  });

  it("GET /api/v1/data_exports/download with B's token: 404, nothing of B's file", async () => {
    const res = await request(
      "GET",
      `/api/v1/data_exports/download?${new URLSearchParams({ token: b.raw.export })}`,
    );
    expect(res.statusCode).toBe(404);
    readNothing(res);
    await unchanged();
  });
});

describe("tenant B's ids in bodies and headers, and B's mailed tokens, sent to tenant A", () => {
  const pointer = (res: LightMyRequestResponse) =>
    (res.json() as { errors: { source?: { pointer?: string } }[] }).errors[0].source?.pointer;
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    request("POST", url, body, headers);

  it("POST /api/v1/sign_in_as_user with B's user_id: 404 and no headers of B's user", async () => {
    for (const id of allUsers(b)) {
      const res = await post("/api/v1/sign_in_as_user", doc("user", { user_id: String(id) }));
      expect(res.statusCode).toBe(404);
      expect(String(res.headers.uid ?? "")).not.toContain(b.secret.toLowerCase());
      readNothing(res);
    }
    await unchanged();
  });

  it("add_role and remove_role on B's organization or desk: 422 on resource_id, A's user unchanged", async () => {
    const user = await freshUser();
    const roles = [
      { role: "member", resource_type: "Organization", resource_id: b.O },
      { role: "admin", resource_type: "Organization", resource_id: b.C },
      { role: "desk_manager", resource_type: "Desk", resource_id: b.desk },
    ];
    for (const attributes of roles) {
      for (const [method, path] of [
        ["PUT", "add_role"],
        ["DELETE", "remove_role"],
      ] as const) {
        const res = await request(
          method,
          `/api/v1/users/${user}/${path}`,
          doc("users", attributes),
        );
        expect(res.statusCode, `${path} ${JSON.stringify(attributes)}`).toBe(422);
        expect(pointer(res)).toBe("/data/attributes/resource_id");
      }
    }
    const mine = await request("GET", `/api/v1/users/${user}?include=roles`);
    expect(
      mine.json().included.map((r: { attributes: { name: string } }) => r.attributes.name),
    ).toEqual(["member"]);
    await unchanged();
  });

  it("POST /api/v1/users inviting onto B's organization or desk: 422 on resource_id, nobody invited", async () => {
    const invitations = [
      { role: "member", resource_type: "Organization", resource_id: b.O },
      { role: "desk_manager", resource_type: "Desk", resource_id: b.desk },
    ];
    for (const role of invitations) {
      const email = `invitee-${Math.random().toString(36).slice(2)}@example.test`;
      const res = await post(
        "/api/v1/users",
        doc("users", { email, first_name: "Ina", last_name: "Nieuw", ...role }),
      );
      expect(res.statusCode).toBe(422);
      expect(pointer(res)).toBe("/data/attributes/resource_id");
      expect(t.mailer.sent.some((m) => m.to === email)).toBe(false);
    }
    await unchanged();
  });

  it("adding an organization or a desk in B's centre, or moving to it: 422 on the centre, nothing written", async () => {
    const added = await post(
      "/api/v1/organizations",
      doc("organizations", { name: "Naar B", type: "Organization", volunteer_center_id: b.C }),
    );
    expect(added.statusCode).toBe(422);
    expect(pointer(added)).toBe("/data/attributes/volunteer_center_id");
    const moved = await request(
      "PUT",
      `/api/v1/organizations/${a.O}/move`,
      doc("organizations", { volunteer_center_id: b.C }, a.O),
    );
    expect(moved.statusCode).toBe(422);
    expect(pointer(moved)).toBe("/data/attributes/volunteer_center_id");
    const stays = await request("GET", `/api/v1/organizations/${a.O}`);
    expect(stays.json().data.attributes.volunteer_center_id).toBe(a.C);
    for (const attributes of [
      { azc_name: "AZC B", volunteer_center_id: b.C },
      { azc_name: "AZC B", volunteer_center_id: a.C, organization_id: b.O },
    ]) {
      const desk = await post("/api/v1/meedoen/desks", doc("desks", attributes));
      expect(desk.statusCode).toBe(422);
    }
    await unchanged();
  });

  it("news in B's centre, or with B's image: 422 on the attribute, nothing written", async () => {
    const inB = await post(
      "/api/v1/news_articles",
      doc("news_articles", { title: "Naar B", volunteer_center_id: b.C }),
    );
    expect(inB.statusCode).toBe(422);
    expect(pointer(inB)).toBe("/data/attributes/volunteer_center_id");
    for (const [path, type] of [
      ["/api/v1/news_articles", "news_articles"],
      ["/api/v1/content_pages", "content_pages"],
    ]) {
      const res = await post(
        path,
        doc(type, { title: "Met B's beeld", image_id: String(b.image) }),
      );
      expect(res.statusCode, path).toBe(422);
      expect(pointer(res)).toBe("/data/attributes/image_id");
    }
    await unchanged();
  });

  it("B's organization in Current-Organization-Id is 404; B's centre in Volunteer-Center-Id is ignored", async () => {
    const current = await request("GET", "/api/v1/current_organization", undefined, {
      "current-organization-id": String(b.O),
    });
    expect(current.statusCode).toBe(404);
    readNothing(current);
    const site = await request("GET", "/api/v1/site_setting", undefined, {
      "volunteer-center-id": String(b.C),
    });
    expect(site.statusCode).toBe(200);
    expect(site.json().data.id).toBe(String(a.C));
    await unchanged();
  });

  it("POST /api/v1/applications to B's vacancy: 422 on the vacancy, nothing written", async () => {
    const res = await post("/api/v1/applications", {
      data: {
        type: "applications",
        attributes: { motivation: "Graag" },
        relationships: { vacancy: { data: { type: "vacancies", id: String(b.vacancy) } } },
      },
    });
    expect(res.statusCode).toBe(422);
    expect(pointer(res)).toBe("/data/relationships/vacancy");
    readNothing(res);
    await unchanged();
  });

  it("POST /api/v1/vacancies with B's organisation, tag or user: 422 on the relationship, nothing written", async () => {
    const vacancy = (relationships: Record<string, unknown>) =>
      post("/api/v1/vacancies", {
        data: {
          type: "vacancies",
          attributes: { title: "Gastheer" },
          relationships: {
            organization: { data: { type: "organizations", id: String(a.O) } },
            ...relationships,
          },
        },
      });
    const cases: [Record<string, unknown>, string][] = [
      [{ organization: { data: { type: "organizations", id: String(b.O) } } }, "organization"],
      [{ tags: { data: [{ type: "tags", id: String(b.tag) }] } }, "tags"],
      [
        { contact_person: { data: { type: "users", id: String(b.users.plain.id) } } },
        "contact_person",
      ],
    ];
    for (const [relationships, name] of cases) {
      const res = await vacancy(relationships);
      expect(res.statusCode, res.body).toBe(422);
      expect(pointer(res)).toBe(`/data/relationships/${name}`);
      readNothing(res);
    }
    await unchanged();
  });

  it("POST /api/v1/vacancies/bulk_update with B's vacancy among A's: 422 on ids, nothing written", async () => {
    const own = await vacancyOf("published")(a);
    const res = await post("/api/v1/vacancies/bulk_update", {
      data: {
        type: "vacancy_bulk_updates",
        attributes: { ids: [String(own), String(b.vacancy)], changes: { status: "closed" } },
      },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(pointer(res)).toBe("/data/attributes/ids");
    readNothing(res);
    await unchanged();
  });

  it("POST /api/v1/pool_invitations with B's volunteer or B's vacancy: 422, nothing written", async () => {
    const invite = (volunteer: number, vacancy: number) =>
      post("/api/v1/pool_invitations", {
        data: {
          type: "pool_invitations",
          attributes: { message: "Doe je mee?" },
          relationships: {
            volunteer: { data: { type: "volunteers", id: String(volunteer) } },
            vacancy: { data: { type: "vacancies", id: String(vacancy) } },
          },
        },
      });
    const volunteer = await invite(b.users.plain.id, a.vacancy);
    expect(volunteer.statusCode).toBe(422);
    expect(pointer(volunteer)).toBe("/data/relationships/volunteer");
    readNothing(volunteer);
    const vacancy = await invite(a.superadmin.id, b.vacancy);
    expect(vacancy.statusCode).toBe(422);
    expect(pointer(vacancy)).toBe("/data/relationships/vacancy");
    readNothing(vacancy);
    await unchanged();
  });

  it("POST /api/v1/conversations with B's volunteer or B's centre: 422, nothing written", async () => {
    const centreStaff = await createUser(t.database.db, a.tenant.id);
    await addRole(t.database.db, a.tenant.id, centreStaff.id, "member", {
      type: "Organization",
      id: a.C,
    });
    const headers = await signedIn(t.database.db, a.tenant, centreStaff.id);
    const start = (relationships: Record<string, unknown>) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/conversations",
        headers: { ...headers, "content-type": "application/vnd.api+json" },
        payload: JSON.stringify({
          data: {
            type: "conversations",
            attributes: { subject: "Vraag", body: "Hallo" },
            relationships,
          },
        }),
      });
    const volunteer = (id: number) => ({ data: { type: "users", id: String(id) } });
    const toB = await start({ volunteer: volunteer(b.users.plain.id) });
    expect(toB.statusCode).toBe(422);
    expect(pointer(toB)).toBe("/data/relationships/volunteer");
    const inB = await start({
      volunteer: volunteer(a.superadmin.id),
      organization: { data: { type: "organizations", id: String(b.C) } },
    });
    expect(inB.statusCode).toBe(422);
    expect(pointer(inB)).toBe("/data/relationships/organization");
    readNothing(toB);
    await unchanged();
  });

  it("POST /api/v1/tags/:id/merge into B's tag: 422 on the target, A's tag and B's untouched", async () => {
    const mine = await tagOf(a);
    const res = await post(`/api/v1/tags/${mine}/merge`, {
      data: {
        type: "tags",
        relationships: { into: { data: { type: "tags", id: String(b.tag) } } },
      },
    });
    expect(res.statusCode).toBe(422);
    expect(pointer(res)).toBe("/data/relationships/into");
    readNothing(res);
    const still = await request("GET", "/api/v1/tags?filter[scope]=all&page[size]=1000");
    expect(still.json().data.map((d: { id: string }) => Number(d.id))).toContain(mine);
    await unchanged();
  });

  it("PATCH /api/v1/current_user naming B's user changes the caller, not B's user", async () => {
    const res = await request(
      "PATCH",
      "/api/v1/current_user",
      doc("users", { first_name: "Zelf" }, b.users.plain.id),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(String(a.superadmin.id));
    await unchanged();
  });

  it("PATCH /api/v1/current_user/volunteer_profile with B's tag is a 422 on the tags; naming B's user changes the caller", async () => {
    const url = "/api/v1/current_user/volunteer_profile";
    const tagged = await request("PATCH", url, {
      data: {
        type: "volunteer_profiles",
        attributes: { about: "Zelf" },
        relationships: { tags: { data: [{ type: "tags", id: String(b.tag) }] } },
      },
    });
    expect(tagged.statusCode).toBe(422);
    expect(pointer(tagged)).toBe("/data/relationships/tags");
    readNothing(tagged);
    const named = await request(
      "PATCH",
      `${url}?include=tags`,
      doc("volunteer_profiles", { about: "Zelf" }, b.users.plain.id),
    );
    expect(named.statusCode).toBe(200);
    expect(named.json().data.id).toBe(String(a.superadmin.id));
    readNothing(named);
    await unchanged();
  });

  it("B's mailed tokens are unknown tokens in A: confirmation, reset, unlock, invitation, deletion", async () => {
    const out = { "x-tenant": a.tenant.slug };
    const anon = (method: TMethod, url: string, body?: unknown) =>
      t.app.inject({
        method,
        url,
        headers: out,
        ...(body === undefined ? {} : { payload: body as object }),
      });
    const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
    const redirect = "http://localhost:3000/wachtwoord";
    expect(
      (await anon("POST", "/api/v1/confirm", { confirmation_token: b.raw.confirm })).statusCode,
    ).toBe(404);
    expect(
      (await anon("GET", `/auth/confirmation?${q({ confirmation_token: b.raw.confirm })}`))
        .statusCode,
    ).toBe(404);
    const edit = `/auth/password/edit?${q({ reset_password_token: b.raw.reset, redirect_url: redirect })}`;
    expect((await anon("GET", edit)).statusCode).toBe(404);
    const reset = {
      reset_password_token: b.raw.reset,
      password: "Nieuw-wachtwoord-1",
      password_confirmation: "Nieuw-wachtwoord-1",
    };
    expect((await anon("PUT", "/auth/password", reset)).statusCode).toBe(401);
    expect(
      (await anon("GET", `/auth/unlock?${q({ unlock_token: b.raw.unlock })}`)).statusCode,
    ).toBe(404);
    expect(
      (await anon("GET", `/auth/invitation?${q({ invitation_token: b.raw.invite })}`)).statusCode,
    ).toBe(404);
    const accept = {
      invitation_token: b.raw.invite,
      password: "Nieuw-wachtwoord-1",
      password_confirmation: "Nieuw-wachtwoord-1",
    };
    expect((await anon("PUT", "/auth/invitation", accept)).statusCode).toBe(404);
    const deletion = await anon(
      "POST",
      "/api/v1/account_deletions/confirm",
      doc("account_deletion", { token: b.raw.deletion }),
    );
    expect(deletion.statusCode).toBe(422);
    await unchanged();
  });

  it("B's link for a change of address is an unknown token in A; B's addresses are free in A's own change", async () => {
    const out = { "x-tenant": a.tenant.slug };
    const token = b.raw.reconfirm;
    const confirmed = await t.app.inject({
      method: "POST",
      url: "/api/v1/confirm",
      headers: out,
      payload: { confirmation_token: token },
    });
    expect(confirmed.statusCode).toBe(404);
    const followed = await t.app.inject({
      method: "GET",
      url: `/auth/confirmation?${new URLSearchParams({ confirmation_token: token })}`,
      headers: out,
    });
    expect(followed.statusCode).toBe(404);
    // Taken means taken in the tenant: B's address and B's pending one are A's to ask for,
    // and asking changes nothing of B's.
    const own = await createUser(t.database.db, a.tenant.id, {});
    const headers = await issueToken(t.database.db, a.tenant.id, own.id);
    for (const email of [b.users.plain.email, b.pendingEmail]) {
      const res = await t.app.inject({
        method: "PUT",
        url: "/auth",
        headers: { ...out, ...headers },
        payload: { email, current_password: TEST_PASSWORD },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await unchanged();
  });

  it("B's addresses have no account in A: sign-in, reset, confirmation and unlock find nobody, deletion mails nobody", async () => {
    const out = { "x-tenant": a.tenant.slug };
    const anon = (url: string, payload: object) =>
      t.app.inject({ method: "POST", url, headers: out, payload });
    const { plain, locked } = b.users;
    expect(
      (await anon("/auth/sign_in", { email: plain.email, password: plain.password })).statusCode,
    ).toBe(401);
    const redirect = "http://localhost:3000/wachtwoord";
    expect(
      (await anon("/auth/password", { email: plain.email, redirect_url: redirect })).statusCode,
    ).toBe(404);
    expect((await anon("/auth/confirmation", { email: plain.email })).statusCode).toBe(404);
    expect((await anon("/auth/unlock", { email: locked.email })).statusCode).toBe(404);
    const sent = t.mailer.sent.length;
    const deletion = await anon(
      "/api/v1/account_deletions",
      doc("account_deletion", { email: plain.email }),
    );
    expect(deletion.statusCode).toBe(202);
    expect(t.mailer.sent.length).toBe(sent);
    await unchanged();
  });
});
