import { parse } from "csv-parse/sync";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditEvents,
  formSubmissions,
  forms,
  formVersions,
  jobs,
  organizations,
  vacancies,
} from "../../backend/db/schema";
import { formRetentionJob } from "../../backend/jobs/form-retention";
import type { TJobContext } from "../../backend/jobs/registry";
import type { TFormDefinition } from "../../lib/contract/forms";
import { createTestApp, type TestApp } from "./support/app";
import { NO_RATE_LIMITS } from "./support/auth";
import {
  addRole,
  createOrganization,
  createTenantWithCenter,
  createUser,
} from "./support/factories";
import { signedIn } from "./support/resources";
import { createVacancy } from "./support/vacancy-factory";

// Forms (docs/forms.md): building and versioning, publishing and closing, the public read
// and submission by token (validation by the contract, honeypot, rate limit, sign-in),
// submissions (list, search, detail, CSV, deletion), the retention job, a vacancy's
// application questions, who may, and the tenant wall.

type TPerson = { id: number; headers: Record<string, string> };
type TTenant = { id: number; slug: string };

const LIMIT = 5;
let t: TestApp;
let tenant: TTenant;
let C: number;
let O: number;
let adminC: TPerson;
let adminD: TPerson;
let memberO: TPerson;
let memberC: TPerson;
let volunteer: TPerson;
let superadmin: TPerson;
let foreign: TPerson;
let foreignForm: number;
let foreignToken: string;
let ip = 0;
const nextIp = () => `203.0.113.${++ip}`;

async function person(
  where: TTenant,
  role?: string,
  resource?: { type: "Organization"; id: number },
) {
  const db = t.database.db;
  const user = await createUser(db, where.id);
  if (role) await addRole(db, where.id, user.id, role as never, resource);
  return { id: user.id, headers: await signedIn(db, where, user.id) };
}

const DEFINITION: TFormDefinition = {
  steps: [
    {
      id: "about",
      title: { nl: "Over jou", en: "About you" },
      fields: [
        {
          id: "name",
          kind: "short_text",
          label: { nl: "Naam", en: "Name" },
          required: true,
          max: 80,
        },
        { id: "email", kind: "email", label: { nl: "E-mail", en: "E-mail" }, required: true },
        {
          id: "how",
          kind: "single_choice",
          label: { nl: "Hoe ken je ons?", en: "How do you know us?" },
          required: true,
          options: [
            { value: "friend", label: { nl: "Via een vriend", en: "Through a friend" } },
            { value: "other", label: { nl: "Anders", en: "Other" } },
          ],
        },
      ],
    },
    {
      id: "more",
      fields: [
        {
          id: "other",
          kind: "short_text",
          label: { nl: "Hoe dan?", en: "How then?" },
          required: true,
          condition: { field: "how", values: ["other"] },
        },
        { id: "ok", kind: "consent", label: { nl: "Akkoord", en: "Agreed" }, required: true },
      ],
    },
  ],
};

beforeAll(async () => {
  t = await createTestApp(
    { TOKEN_ROTATION: "false" },
    {
      auth: {
        rateLimits: {
          ...NO_RATE_LIMITS,
          formSubmissionsPerIp: { points: LIMIT, durationSeconds: 900 },
        },
      },
    },
  );
  const db = t.database.db;
  const made = await createTenantWithCenter(db);
  tenant = made.tenant;
  C = made.center.id;
  const D = (await createOrganization(db, tenant.id, { type: "VolunteerCenter" })).id;
  O = (await createOrganization(db, tenant.id, { volunteerCenterId: C })).id;
  adminC = await person(tenant, "admin", { type: "Organization", id: C });
  adminD = await person(tenant, "admin", { type: "Organization", id: D });
  memberO = await person(tenant, "member", { type: "Organization", id: O });
  memberC = await person(tenant, "member", { type: "Organization", id: C });
  volunteer = await person(tenant, "volunteer");
  superadmin = await person(tenant, "superadmin");
  const elsewhere = await createTenantWithCenter(db);
  foreign = await person(elsewhere.tenant, "superadmin");
  const res = await call(
    "POST",
    "/forms",
    foreign.headers,
    formDoc({ organization_id: elsewhere.center.id }),
  );
  expect(res.statusCode, res.body).toBe(201);
  foreignForm = Number(res.json().data.id);
  foreignToken = res.json().data.attributes.token;
  await call(
    "PUT",
    `/forms/${foreignForm}/transition`,
    foreign.headers,
    event("publish", foreignForm),
  );
});
afterAll(() => t.close());

const json = { "content-type": "application/vnd.api+json" };
function call(
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  url: string,
  headers: Record<string, string>,
  body?: unknown,
  remoteAddress?: string,
) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: body === undefined ? headers : { ...headers, ...json },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}
const formDoc = (attributes: Record<string, unknown>, id?: number) => ({
  data: {
    type: "forms",
    ...(id === undefined ? {} : { id: String(id) }),
    attributes: { title: "Aanmelden", definition: DEFINITION, ...attributes },
  },
});
const event = (name: string, id: number) => ({
  data: { type: "forms", id: String(id), attributes: { event: name } },
});
const visitor = () => ({ "x-tenant": tenant.slug });
const submission = (answers: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  data: { type: "form_submissions", attributes: { answers, ...extra } },
});
const GOOD = { name: "Anna de Vries", email: "anna@example.org", how: "friend", ok: true };

async function newForm(attributes: Record<string, unknown> = {}, who = adminC) {
  const res = await call(
    "POST",
    "/forms",
    who.headers,
    formDoc({ organization_id: C, ...attributes }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return { id: Number(res.json().data.id), token: res.json().data.attributes.token as string };
}
async function published(attributes: Record<string, unknown> = {}, who = adminC) {
  const form = await newForm(attributes, who);
  const res = await call(
    "PUT",
    `/forms/${form.id}/transition`,
    who.headers,
    event("publish", form.id),
  );
  expect(res.statusCode, res.body).toBe(200);
  return form;
}
const submit = (
  token: string,
  answers: Record<string, unknown>,
  headers: Record<string, string> = visitor(),
  extra = {},
) => call("POST", `/forms/${token}/submissions`, headers, submission(answers, extra), nextIp());
const countSubmissions = async (formId: number) =>
  (await t.database.db.select().from(formSubmissions).where(eq(formSubmissions.formId, formId)))
    .length;

describe("building a form", () => {
  it("POST makes a draft with version 1 and a token; the definition comes back as sent", async () => {
    const res = await call(
      "POST",
      "/forms",
      adminC.headers,
      formDoc({ organization_id: O, retention_days: 30 }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json();
    expect(data.type).toBe("forms");
    expect(data.attributes).toMatchObject({
      status: "draft",
      organization_id: O,
      volunteer_center_id: C,
      retention_days: 30,
      version_number: 1,
      submission_count: 0,
    });
    expect(data.attributes.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(data.attributes.definition).toEqual(JSON.parse(JSON.stringify(DEFINITION)));
  });

  it("refuses a definition whose condition points at a later field, with a pointer", async () => {
    const broken = {
      steps: [{ id: "s", fields: [DEFINITION.steps[1].fields[0], DEFINITION.steps[0].fields[2]] }],
    };
    const res = await call(
      "POST",
      "/forms",
      adminC.headers,
      formDoc({ organization_id: C, definition: broken }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].source.pointer).toBe(
      "/data/attributes/definition/steps/0/fields/0/condition/field",
    );
    expect((await t.database.db.select().from(forms).where(eq(forms.title, "never"))).length).toBe(
      0,
    );
  });

  it("an owner of another tenant is a 422 for everyone", async () => {
    const res = await call("POST", "/forms", adminC.headers, formDoc({ organization_id: 999_999 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].source.pointer).toBe("/data/attributes/organization_id");
  });

  it("publishing needs a question; closing and publishing again work", async () => {
    const empty = await newForm({ definition: { steps: [{ id: "s", fields: [] }] } });
    const refused = await call(
      "PUT",
      `/forms/${empty.id}/transition`,
      adminC.headers,
      event("publish", empty.id),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].code).toBe("no_questions");
    const form = await published();
    const closed = await call(
      "PUT",
      `/forms/${form.id}/transition`,
      adminC.headers,
      event("close", form.id),
    );
    expect(closed.json().data.attributes.status).toBe("closed");
    const again = await call(
      "PUT",
      `/forms/${form.id}/transition`,
      adminC.headers,
      event("close", form.id),
    );
    expect(again.statusCode).toBe(422);
    expect(again.json().errors[0].code).toBe("invalid_transition");
  });
});

describe("versions", () => {
  it("a change before any submission rewrites version 1; after one, it makes version 2 and old answers keep theirs", async () => {
    const form = await published();
    const renamed = structuredClone(DEFINITION) as TFormDefinition;
    renamed.steps[0].fields[0].label = { nl: "Volledige naam", en: "Full name" };
    const first = await call(
      "PATCH",
      `/forms/${form.id}`,
      adminC.headers,
      formDoc({ definition: renamed }, form.id),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.attributes.version_number).toBe(1);

    expect((await submit(form.token, GOOD)).statusCode).toBe(201);
    const extended = structuredClone(renamed);
    extended.steps[1].fields.push({
      id: "notes",
      kind: "long_text",
      label: { nl: "Opmerkingen" },
      required: false,
    });
    const second = await call(
      "PATCH",
      `/forms/${form.id}`,
      adminC.headers,
      formDoc({ definition: extended }, form.id),
    );
    expect(second.json().data.attributes.version_number).toBe(2);

    const versions = await call("GET", `/forms/${form.id}/form_versions`, adminC.headers);
    expect(
      versions
        .json()
        .data.map(
          (v: { type: string; attributes: { number: number; submission_count: number } }) => [
            v.type,
            v.attributes.number,
            v.attributes.submission_count,
          ],
        ),
    ).toEqual([
      ["form_versions", 2, 0],
      ["form_versions", 1, 1],
    ]);
    const [old] = await t.database.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.formId, form.id));
    const [v1] = await t.database.db
      .select()
      .from(formVersions)
      .where(eq(formVersions.id, old.formVersionId));
    expect(v1.number).toBe(1);
    expect(JSON.stringify(v1.definition)).not.toContain("notes");
  });

  it("a field that keeps its id must keep its kind", async () => {
    const form = await newForm();
    const changed = structuredClone(DEFINITION) as TFormDefinition;
    changed.steps[0].fields[1] = { ...changed.steps[0].fields[1], kind: "phone" };
    const res = await call(
      "PATCH",
      `/forms/${form.id}`,
      adminC.headers,
      formDoc({ definition: changed }, form.id),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].code).toBe("kind_changed");
  });
});

describe("the public form", () => {
  it("GET /forms/:token reads a published form's questions, signed out, without its settings", async () => {
    const form = await published({ retention_days: 10 });
    const res = await call("GET", `/forms/${form.token}`, visitor());
    expect(res.statusCode, res.body).toBe(200);
    const { attributes } = res.json().data;
    expect(attributes.definition.steps).toHaveLength(2);
    expect(attributes.retention_days).toBeUndefined();
    expect(attributes.organization_id).toBeUndefined();
  });

  it("a draft, an unknown token and another tenant's token are 404", async () => {
    const draft = await newForm();
    expect((await call("GET", `/forms/${draft.token}`, visitor())).statusCode).toBe(404);
    expect((await call("GET", "/forms/AAAAAAAAAAAAAAAAAAAAAA", visitor())).statusCode).toBe(404);
    expect((await call("GET", `/forms/${foreignToken}`, visitor())).statusCode).toBe(404);
    expect((await submit(foreignToken, GOOD)).statusCode).toBe(404);
  });

  it("stores valid answers, hidden ones dropped, in the page's language", async () => {
    const form = await published();
    const res = await submit(form.token, { ...GOOD, other: "should go" }, visitor(), {
      locale: "en",
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.formId, form.id));
    expect(row.answers).toEqual(GOOD);
    expect(row.locale).toBe("en");
    expect(row.respondentId).toBeNull();
  });

  it("refuses invalid answers with one pointer per field, the first failing rule's code, and writes nothing", async () => {
    const form = await published();
    const res = await submit(form.token, {
      name: "x".repeat(81),
      email: "nope",
      how: "other",
      ok: false,
    });
    expect(res.statusCode).toBe(422);
    const errors = res
      .json()
      .errors.map((e: { source: { pointer: string }; code: string }) => [e.source.pointer, e.code]);
    expect(errors).toEqual([
      ["/data/attributes/answers/name", "maxLength"],
      ["/data/attributes/answers/email", "email"],
      ["/data/attributes/answers/other", "required"],
      ["/data/attributes/answers/ok", "required"],
    ]);
    expect(await countSubmissions(form.id)).toBe(0);
  });

  it("a closed form takes nothing", async () => {
    const form = await published();
    await call("PUT", `/forms/${form.id}/transition`, adminC.headers, event("close", form.id));
    const res = await submit(form.token, GOOD);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].code).toBe("form_closed");
  });

  it("the honeypot: a filled-in hidden field looks like success and stores and mails nothing", async () => {
    const form = await published({ confirmation_mail: true });
    const before = t.mailer.sent.length;
    const res = await submit(form.token, GOOD, visitor(), { website: "http://spam.example" });
    expect(res.statusCode).toBe(201);
    expect(await countSubmissions(form.id)).toBe(0);
    expect(t.mailer.sent.length).toBe(before);
  });

  it("a form that asks for sign-in is a 401 signed out and keeps the respondent signed in", async () => {
    const form = await published({ requires_sign_in: true });
    expect((await submit(form.token, GOOD)).statusCode).toBe(401);
    expect(await countSubmissions(form.id)).toBe(0);
    const res = await submit(form.token, GOOD, volunteer.headers);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.formId, form.id));
    expect(row.respondentId).toBe(volunteer.id);
  });

  it("sends the confirmation mail through the queue, in the respondent's language, with the answers", async () => {
    const form = await published({ confirmation_mail: true });
    const res = await submit(form.token, { ...GOOD, email: "bevestig@example.org" }, visitor(), {
      locale: "en",
    });
    expect(res.statusCode).toBe(201);
    const mail = t.mailer.last("bevestig@example.org");
    expect(mail?.subject).toBe("We received your answers: Aanmelden");
    expect(mail?.text).toContain("How do you know us?: Through a friend");
    const [job] = await t.database.db
      .select({ kind: jobs.kind })
      .from(jobs)
      .where(eq(jobs.kind, "mail"))
      .orderBy(sql`${jobs.id} desc`)
      .limit(1);
    expect(job.kind).toBe("mail");
  });

  it("rate-limits one address: every attempt counts, valid or not, then 429 with Retry-After", async () => {
    const form = await published();
    const address = "198.51.100.77";
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) {
      const res = await call(
        "POST",
        `/forms/${form.token}/submissions`,
        visitor(),
        submission(i % 2 ? GOOD : {}),
        address,
      );
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([422, 201, 422, 201, 422, 429]);
    // Another address is not held up.
    expect((await submit(form.token, GOOD)).statusCode).toBe(201);
  });
});

describe("submissions", () => {
  let form: { id: number; token: string };
  beforeAll(async () => {
    form = await published();
    await submit(form.token, { ...GOOD, name: '=HYPERLINK("http://evil")' });
    await submit(
      form.token,
      { ...GOOD, name: "Éva Müller", how: "other", other: "krant" },
      visitor(),
      { locale: "en" },
    );
  });

  it("lists newest first, filters by language and searches the answers", async () => {
    const all = await call("GET", `/forms/${form.id}/form_submissions`, adminC.headers);
    expect(all.statusCode, all.body).toBe(200);
    expect(
      all
        .json()
        .data.map((d: { attributes: { answers: { name: string } } }) => d.attributes.answers.name),
    ).toEqual(["Éva Müller", '=HYPERLINK("http://evil")']);
    const en = await call(
      "GET",
      `/forms/${form.id}/form_submissions?filter[locale_eq]=en`,
      adminC.headers,
    );
    expect(en.json().data).toHaveLength(1);
    const found = await call(
      "GET",
      `/forms/${form.id}/form_submissions?filter[q]=KRANT`,
      adminC.headers,
    );
    expect(
      found
        .json()
        .data.map(
          (d: { attributes: { answers: { other: string } } }) => d.attributes.answers.other,
        ),
    ).toEqual(["krant"]);
    const bad = await call(
      "GET",
      `/forms/${form.id}/form_submissions?filter[locale_eq]=de`,
      adminC.headers,
    );
    expect(bad.statusCode).toBe(400);
  });

  it("refuses what the list does not read: a 400 naming it", async () => {
    for (const [query, parameter] of [
      ["bogus=1", "bogus"],
      ["filter[bogus_eq]=1", "filter[bogus_eq]"],
      ["include=bogus", "include"],
      ["sort=bogus", "sort"],
    ]) {
      const res = await call("GET", `/forms/${form.id}/form_submissions?${query}`, adminC.headers);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0].source).toEqual({ parameter });
    }
  });

  it("exports CSV with a BOM, the question labels, option labels and the formula guard", async () => {
    const res = await call(
      "GET",
      `/forms/${form.id}/form_submissions.csv?locale=en`,
      adminC.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows: string[][] = parse(res.rawPayload.toString("utf8").slice(1), { delimiter: "," });
    expect(rows[0]).toEqual([
      "id",
      "submitted at",
      "version",
      "language",
      "Name",
      "E-mail",
      "How do you know us?",
      "How then?",
      "Agreed",
    ]);
    expect(rows[1].slice(4)).toEqual(["Éva Müller", "anna@example.org", "Other", "krant", "1"]);
    expect(rows[2][4]).toBe('\'=HYPERLINK("http://evil")');
    const nl = await call("GET", `/forms/${form.id}/form_submissions.csv`, adminC.headers);
    const nlRows: string[][] = parse(nl.rawPayload.toString("utf8").slice(1), { delimiter: ";" });
    expect(nlRows[0][6]).toBe("Hoe ken je ons?");
  });

  it("exports exactly the rows the list returns for the same version, date range and search", async () => {
    const own = await published();
    const at = async (name: string, day: string) => {
      expect((await submit(own.token, { ...GOOD, name })).statusCode).toBe(201);
      await t.database.db
        .update(formSubmissions)
        .set({ createdAt: new Date(`${day}T12:00:00Z`) })
        .where(
          sql`${formSubmissions.formId} = ${own.id} and ${formSubmissions.answers}->>'name' = ${name}`,
        );
    };
    await at("Eerste Een", "2026-01-05");
    await at("Eerste Twee", "2026-01-10");
    await at("Eerste Drie", "2026-01-20");
    const extended = structuredClone(DEFINITION) as TFormDefinition;
    extended.steps[1].fields.push({
      id: "notes",
      kind: "long_text",
      label: { nl: "Opmerkingen" },
      required: false,
    });
    const changed = await call(
      "PATCH",
      `/forms/${own.id}`,
      adminC.headers,
      formDoc({ definition: extended }, own.id),
    );
    expect(changed.json().data.attributes.version_number).toBe(2);
    await at("Tweede Een", "2026-01-10");
    await at("Tweede Twee", "2026-01-12");
    const versions = (await call("GET", `/forms/${own.id}/form_versions`, adminC.headers)).json()
      .data as { id: string; attributes: { number: number } }[];
    const v1 = versions.find((v) => v.attributes.number === 1)?.id;

    const listed = async (filters: string) =>
      (
        await call(
          "GET",
          `/forms/${own.id}/form_submissions?page[size]=100&${filters}`,
          adminC.headers,
        )
      )
        .json()
        .data.map((d: { id: string; attributes: { answers: { name: string } } }) => [
          d.id,
          d.attributes.answers.name,
        ]);
    const exported = async (filters: string) => {
      const res = await call(
        "GET",
        `/forms/${own.id}/form_submissions.csv?locale=en&${filters}`,
        adminC.headers,
      );
      expect(res.statusCode, res.body).toBe(200);
      const rows: string[][] = parse(res.rawPayload.toString("utf8").slice(1), {
        delimiter: ",",
      });
      expect(rows[0].slice(0, 5)).toEqual(["id", "submitted at", "version", "language", "Name"]);
      return rows.slice(1).map((row) => [row[0], row[4]]);
    };

    const versionAndDates = `filter[form_version_id_eq]=${v1}&filter[created_at_gteq]=2026-01-06&filter[created_at_lt]=2026-01-21`;
    expect(await listed(versionAndDates)).toEqual([
      [expect.any(String), "Eerste Drie"],
      [expect.any(String), "Eerste Twee"],
    ]);
    expect(await exported(versionAndDates)).toEqual(await listed(versionAndDates));

    const datesOnly = "filter[created_at_gteq]=2026-01-09&filter[created_at_lt]=2026-01-11";
    expect((await listed(datesOnly)).map(([, name]: string[]) => name).sort()).toEqual([
      "Eerste Twee",
      "Tweede Een",
    ]);
    expect(await exported(datesOnly)).toEqual(await listed(datesOnly));

    const searched = `${datesOnly}&filter[q]=tweede`;
    expect(await exported(searched)).toEqual([[expect.any(String), "Tweede Een"]]);
    expect(await exported(searched)).toEqual(await listed(searched));

    const unknown = await call(
      "GET",
      `/forms/${own.id}/form_submissions.csv?filter[bogus_eq]=1`,
      adminC.headers,
    );
    expect(unknown.statusCode).toBe(400);
  });

  it("shows one and deletes one", async () => {
    const list = await call("GET", `/forms/${form.id}/form_submissions`, adminC.headers);
    const id = list.json().data[0].id;
    const one = await call("GET", `/forms/${form.id}/form_submissions/${id}`, adminC.headers);
    expect(one.json().data).toMatchObject({ type: "form_submissions", id });
    expect(
      (await call("DELETE", `/forms/${form.id}/form_submissions/${id}`, adminC.headers)).statusCode,
    ).toBe(204);
    expect(
      (await call("GET", `/forms/${form.id}/form_submissions/${id}`, adminC.headers)).statusCode,
    ).toBe(404);
  });
});

describe("the audit log", () => {
  // Every staff change to a form is an entry with subject Form, in the change's transaction
  // (docs/audit-log.md); a refused or no-op request records nothing.
  const entries = async (formId: number) =>
    (
      await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.subjectType, "Form"), eq(auditEvents.subjectId, formId)))
        .orderBy(asc(auditEvents.id))
    ).map((e) => ({
      action: e.action,
      subjectLabel: e.subjectLabel,
      actorId: e.actorId,
      volunteerCenterId: e.volunteerCenterId,
      tenantId: e.tenantId,
      details: e.details,
    }));
  const last = async (formId: number) => (await entries(formId)).at(-1);

  it("records creating, editing in place, publishing, a new version, closing and deleting", async () => {
    const form = await newForm({ organization_id: O }, memberO);
    expect(await entries(form.id)).toEqual([
      {
        action: "form_created",
        subjectLabel: "Aanmelden",
        actorId: memberO.id,
        volunteerCenterId: C,
        tenantId: tenant.id,
        details: { organization_id: O, version: 1 },
      },
    ]);

    const edited = structuredClone(DEFINITION) as TFormDefinition;
    edited.steps[0].title = { nl: "Wie ben je?" };
    const inPlace = await call(
      "PATCH",
      `/forms/${form.id}`,
      adminC.headers,
      formDoc({ title: "Inschrijven", definition: edited, retention_days: 30 }, form.id),
    );
    expect(inPlace.statusCode, inPlace.body).toBe(200);
    expect(await last(form.id)).toEqual({
      action: "form_updated",
      subjectLabel: "Inschrijven",
      actorId: adminC.id,
      volunteerCenterId: C,
      tenantId: tenant.id,
      details: {
        changed: ["title", "retention_days", "definition"],
        version: 1,
        new_version: false,
        from_title: "Aanmelden",
      },
    });

    // The same values again change nothing and record nothing.
    const before = (await entries(form.id)).length;
    const same = await call(
      "PATCH",
      `/forms/${form.id}`,
      adminC.headers,
      formDoc({ title: "Inschrijven", definition: edited, retention_days: 30 }, form.id),
    );
    expect(same.statusCode, same.body).toBe(200);
    expect(await entries(form.id)).toHaveLength(before);

    const publish = await call(
      "PUT",
      `/forms/${form.id}/transition`,
      memberO.headers,
      event("publish", form.id),
    );
    expect(publish.statusCode, publish.body).toBe(200);
    expect(await last(form.id)).toMatchObject({
      action: "form_published",
      actorId: memberO.id,
      volunteerCenterId: C,
      details: { from: "draft", to: "published" },
    });

    expect((await submit(form.token, GOOD)).statusCode).toBe(201);
    const afterSubmit = (await entries(form.id)).length;
    expect(afterSubmit).toBe(before + 1);
    edited.steps[0].title = { nl: "Over jezelf" };
    const next = await call(
      "PATCH",
      `/forms/${form.id}`,
      adminC.headers,
      formDoc({ title: "Inschrijven", definition: edited }, form.id),
    );
    expect(next.json().data.attributes.version_number).toBe(2);
    expect(await last(form.id)).toMatchObject({
      action: "form_updated",
      actorId: adminC.id,
      details: { changed: ["definition"], version: 2, new_version: true },
    });

    const close = await call(
      "PUT",
      `/forms/${form.id}/transition`,
      adminC.headers,
      event("close", form.id),
    );
    expect(close.statusCode, close.body).toBe(200);
    expect(await last(form.id)).toMatchObject({
      action: "form_closed",
      actorId: adminC.id,
      details: { from: "published", to: "closed" },
    });

    expect((await call("DELETE", `/forms/${form.id}`, adminC.headers)).statusCode).toBe(204);
    expect(await last(form.id)).toEqual({
      action: "form_deleted",
      subjectLabel: "Inschrijven",
      actorId: adminC.id,
      volunteerCenterId: C,
      tenantId: tenant.id,
      details: { status: "closed", submissions: 1 },
    });
    expect((await entries(form.id)).map((e) => e.action)).toEqual([
      "form_created",
      "form_updated",
      "form_published",
      "form_updated",
      "form_closed",
      "form_deleted",
    ]);
  });

  it("records a deleted submission by its id and an export by its selection and row count, never answers", async () => {
    const form = await published();
    expect((await submit(form.token, GOOD)).statusCode).toBe(201);
    expect(
      (await submit(form.token, { ...GOOD, name: "Bram Geheim" }, visitor(), { locale: "en" }))
        .statusCode,
    ).toBe(201);
    const [kept, gone] = await t.database.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.formId, form.id))
      .orderBy(asc(formSubmissions.id));

    const deleted = await call(
      "DELETE",
      `/forms/${form.id}/form_submissions/${gone.id}`,
      superadmin.headers,
    );
    expect(deleted.statusCode).toBe(204);
    expect(await last(form.id)).toEqual({
      action: "form_submission_deleted",
      subjectLabel: "Aanmelden",
      actorId: superadmin.id,
      volunteerCenterId: C,
      tenantId: tenant.id,
      details: { submission_id: gone.id, form_version_id: gone.formVersionId },
    });

    const csv = await call(
      "GET",
      `/forms/${form.id}/form_submissions.csv?locale=en&filter[locale_eq]=nl&filter[q]=anna&sort=-created_at`,
      adminC.headers,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    const exported = await last(form.id);
    expect(exported).toEqual({
      action: "form_submissions_exported",
      subjectLabel: "Aanmelden",
      actorId: adminC.id,
      volunteerCenterId: C,
      tenantId: tenant.id,
      details: {
        filters: { locale_eq: "nl" },
        search: true,
        sort: "-created_at",
        locale: "en",
        rows: 1,
      },
    });
    const text = JSON.stringify(exported).toLowerCase();
    for (const answer of ["anna", "example.org", "friend"]) expect(text).not.toContain(answer);
    expect(kept.answers).toMatchObject({ name: "Anna de Vries" });

    const all = await call("GET", `/forms/${form.id}/form_submissions.csv`, adminC.headers);
    expect(all.statusCode).toBe(200);
    expect((await last(form.id))?.details).toEqual({
      filters: {},
      search: false,
      sort: null,
      locale: "nl",
      rows: 1,
    });
  });

  it("a centre admin reads the entries in the log, filtered by a form action", async () => {
    const form = await newForm({ title: "Logboekformulier" });
    const res = await call(
      "GET",
      "/audit_events?filter[action_eq]=form_created&filter[subject_type_eq]=Form&filter[subject_id_eq]=" +
        form.id,
      adminC.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toHaveLength(1);
    expect(res.json().data[0].attributes).toMatchObject({
      action: "form_created",
      subject_type: "Form",
      subject_label: "Logboekformulier",
    });
  });

  it("a refused write records nothing", async () => {
    const form = await published();
    expect((await submit(form.token, GOOD)).statusCode).toBe(201);
    const [one] = await t.database.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.formId, form.id));
    // No definition: an empty one, which cannot be published.
    const draft = await newForm({ definition: undefined });
    const before = [...(await entries(form.id)), ...(await entries(draft.id))];
    const changedKind = structuredClone(DEFINITION) as TFormDefinition;
    changedKind.steps[0].fields[0].kind = "long_text";

    const refused = [
      // Not theirs to manage: 403.
      () => call("PATCH", `/forms/${form.id}`, memberC.headers, formDoc({ title: "X" }, form.id)),
      () => call("PUT", `/forms/${form.id}/transition`, adminD.headers, event("close", form.id)),
      () => call("DELETE", `/forms/${form.id}`, volunteer.headers),
      () => call("DELETE", `/forms/${form.id}/form_submissions/${one.id}`, memberO.headers),
      () => call("GET", `/forms/${form.id}/form_submissions.csv`, adminD.headers),
      () =>
        call("POST", "/forms", memberO.headers, formDoc({ organization_id: C, title: "Nooit" })),
      // Checked and refused: 422.
      () =>
        call(
          "PATCH",
          `/forms/${form.id}`,
          adminC.headers,
          formDoc({ definition: changedKind }, form.id),
        ),
      () => call("PUT", `/forms/${form.id}/transition`, adminC.headers, event("publish", form.id)),
      () =>
        call("PUT", `/forms/${draft.id}/transition`, adminC.headers, event("publish", draft.id)),
      () =>
        call("GET", `/forms/${form.id}/form_submissions.csv?filter[bogus_eq]=1`, adminC.headers),
    ];
    const codes: number[] = [];
    for (const request of refused) codes.push((await request()).statusCode);
    expect(codes).toEqual([403, 403, 403, 403, 403, 403, 422, 422, 422, 400]);
    expect([...(await entries(form.id)), ...(await entries(draft.id))]).toEqual(before);
    const nooit = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectType, "Form"), eq(auditEvents.subjectLabel, "Nooit")));
    expect(nooit).toEqual([]);
  });
});

describe("the retention job", () => {
  it("deletes submissions older than their form's retention days, and keeps the rest", async () => {
    const kept = await published({ retention_days: 30 });
    const forever = await published();
    await submit(kept.token, GOOD);
    await submit(kept.token, GOOD);
    await submit(forever.token, GOOD);
    const db = t.database.db;
    const [oldest] = await db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.formId, kept.id))
      .limit(1);
    const long = new Date(Date.now() - 31 * 24 * 3600_000);
    await db
      .update(formSubmissions)
      .set({ createdAt: long })
      .where(eq(formSubmissions.id, oldest.id));
    await db
      .update(formSubmissions)
      .set({ createdAt: long })
      .where(eq(formSubmissions.formId, forever.id));
    const log = { info: () => {} } as unknown as TJobContext["log"];
    await formRetentionJob.handler({}, { db, now: new Date(), log } as TJobContext);
    expect(await countSubmissions(kept.id)).toBe(1);
    expect(await countSubmissions(forever.id)).toBe(1);
  });
});

describe("a vacancy's application questions", () => {
  it("a vacancy names a published form of its organisation or centre; a draft or another tenant's is a 422", async () => {
    const vacancy = await createVacancy(t.database.db, tenant.id, {
      organizationId: O,
      volunteerCenterId: C,
    });
    const draft = await newForm();
    const form = await published();
    const patch = (formId: number) =>
      call("PATCH", `/vacancies/${vacancy.id}`, adminC.headers, {
        data: {
          type: "vacancies",
          id: String(vacancy.id),
          attributes: { application_form_id: formId },
        },
      });
    for (const refused of [draft.id, foreignForm]) {
      const res = await patch(refused);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0].source.pointer).toBe("/data/attributes/application_form_id");
    }
    const res = await patch(form.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attributes.application_form_id).toBe(form.id);
  });

  it("the bulk edit sets a form every chosen vacancy's organisation may use, or none; another's is a 422 that changes nothing", async () => {
    const db = t.database.db;
    const O2 = (await createOrganization(db, tenant.id, { volunteerCenterId: C })).id;
    const ofO = await createVacancy(db, tenant.id, { organizationId: O, volunteerCenterId: C });
    const ofO2 = await createVacancy(db, tenant.id, { organizationId: O2, volunteerCenterId: C });
    const ids = [ofO.id, ofO2.id];
    const bulk = (changes: Record<string, unknown>) =>
      call("POST", "/vacancies/bulk_update", adminC.headers, {
        data: { type: "vacancy_bulk_updates", attributes: { ids: ids.map(String), changes } },
      });
    const formsOf = async () =>
      (
        await db
          .select({ id: vacancies.id, formId: vacancies.applicationFormId })
          .from(vacancies)
          .where(inArray(vacancies.id, ids))
          .orderBy(asc(vacancies.id))
      ).map((row) => row.formId);

    // The centre's published form: both organisations may use it.
    const centres = await published();
    const set = await bulk({ application_form_id: String(centres.id) });
    expect(set.statusCode, set.body).toBe(200);
    expect(await formsOf()).toEqual([centres.id, centres.id]);
    expect(set.json().meta.changes[0].changes).toEqual({
      application_form_id: { from: null, to: centres.id },
    });
    const [entry] = await db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, "vacancy_bulk_updated"), eq(auditEvents.subjectId, ofO2.id)),
      );
    expect(entry.details).toEqual({
      changes: { application_form_id: { from: null, to: centres.id } },
    });

    // O's own form is not O2's to use; a draft and another tenant's are nobody's.
    const ownedByO = await published({ organization_id: O }, memberO);
    const draft = await newForm();
    const refusals = [
      [ownedByO.id, [String(ofO2.id)]],
      [draft.id, [String(ofO.id), String(ofO2.id)]],
      [foreignForm, [String(ofO.id), String(ofO2.id)]],
    ] as const;
    for (const [formId, refused] of refusals) {
      const res = await bulk({ application_form_id: String(formId), closes_on: "2099-01-31" });
      expect(res.statusCode, res.body).toBe(422);
      const errors = res.json().errors as { source: { pointer: string }; meta: unknown }[];
      expect(errors.map((e) => e.source.pointer)).toEqual(
        refused.map(() => "/data/attributes/changes/application_form_id"),
      );
      expect(errors.map((e) => e.meta)).toEqual(refused.map((id) => ({ vacancy_id: id })));
      expect(await formsOf()).toEqual([centres.id, centres.id]);
      const [row] = await db.select().from(vacancies).where(eq(vacancies.id, ofO.id));
      expect(row.closesOn).not.toBe("2099-01-31");
    }

    const cleared = await bulk({ application_form_id: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await formsOf()).toEqual([null, null]);
  });

  it("applying checks the answers, stores them with the application, and both sides read them", async () => {
    const form = await published();
    const vacancy = await createVacancy(t.database.db, tenant.id, {
      organizationId: O,
      volunteerCenterId: C,
      applicationFormId: form.id,
    });
    const apply = (answers: Record<string, unknown>) =>
      call("POST", "/applications", volunteer.headers, {
        data: {
          type: "applications",
          attributes: { motivation: "Graag", answers, locale: "nl" },
          relationships: { vacancy: { data: { type: "vacancies", id: String(vacancy.id) } } },
        },
      });
    const refused = await apply({ name: "Piet" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].source.pointer).toBe("/data/attributes/answers/email");
    expect(await countSubmissions(form.id)).toBe(0);

    const res = await apply(GOOD);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id;
    for (const who of [volunteer, memberO, adminC]) {
      const read = await call("GET", `/applications/${id}`, who.headers);
      expect(read.statusCode).toBe(200);
      const answers = read.json().data.attributes.form_answers;
      expect(answers.answers).toEqual(GOOD);
      expect(answers.form_id).toBe(form.id);
      expect(answers.definition.steps[0].fields[0].id).toBe("name");
    }
  });

  it("the public vacancy shows its published form's current questions, and nothing once it is closed", async () => {
    const form = await published();
    const asking = await createVacancy(t.database.db, tenant.id, {
      organizationId: O,
      volunteerCenterId: C,
      applicationFormId: form.id,
    });
    const plain = await createVacancy(t.database.db, tenant.id, {
      organizationId: O,
      volunteerCenterId: C,
    });
    const read = async (id: number) => {
      const res = await call("GET", `/vacancies/${id}`, visitor());
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.attributes.application_form;
    };
    const questions = await read(asking.id);
    expect(questions.form_id).toBe(form.id);
    expect(questions.definition).toEqual(DEFINITION);
    expect(typeof questions.form_version_id).toBe("number");
    expect(await read(plain.id)).toBeNull();
    // The search list does not carry the questions: one vacancy's page needs them, a list not.
    const list = await call("GET", "/vacancies", visitor());
    expect(list.json().data[0].attributes).not.toHaveProperty("application_form");
    await call("PUT", `/forms/${form.id}/transition`, adminC.headers, event("close", form.id));
    expect(await read(asking.id)).toBeNull();
  });

  it("applying to a vacancy without a form needs no answers", async () => {
    const vacancy = await createVacancy(t.database.db, tenant.id, {
      organizationId: O,
      volunteerCenterId: C,
    });
    const res = await call("POST", "/applications", memberC.headers, {
      data: {
        type: "applications",
        attributes: {},
        relationships: { vacancy: { data: { type: "vacancies", id: String(vacancy.id) } } },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.attributes.form_answers).toBeNull();
  });
});

describe("who manages a form", () => {
  it("a centre's admins and superadmins manage its forms; its members, another centre's admins and volunteers do not", async () => {
    const form = await newForm();
    for (const who of [adminC, superadmin]) {
      expect((await call("GET", `/forms/${form.id}`, who.headers)).statusCode).toBe(200);
    }
    for (const who of [memberC, adminD, volunteer, memberO]) {
      expect((await call("GET", `/forms/${form.id}`, who.headers)).statusCode).toBe(403);
      expect(
        (await call("GET", `/forms/${form.id}/form_submissions`, who.headers)).statusCode,
      ).toBe(403);
    }
    expect((await call("GET", `/forms/${form.id}`, visitor())).statusCode).toBe(401);
  });

  it("an organisation's members manage its forms, and the centre's admins too", async () => {
    const form = await newForm({ organization_id: O }, memberO);
    expect(
      (
        await call(
          "PATCH",
          `/forms/${form.id}`,
          memberO.headers,
          formDoc({ title: "Nieuw" }, form.id),
        )
      ).statusCode,
    ).toBe(200);
    expect((await call("GET", `/forms/${form.id}`, adminC.headers)).statusCode).toBe(200);
    expect((await call("DELETE", `/forms/${form.id}`, adminD.headers)).statusCode).toBe(403);
    expect(
      (await call("POST", "/forms", memberO.headers, formDoc({ organization_id: C }))).statusCode,
    ).toBe(403);
  });

  it("the list holds only what the caller manages", async () => {
    const mine = await newForm({ organization_id: O }, memberO);
    const centre = await newForm();
    const ids = async (who: TPerson) =>
      (await call("GET", "/forms?page[size]=1000", who.headers))
        .json()
        .data.map((d: { id: string }) => Number(d.id));
    expect(await ids(memberO)).toContain(mine.id);
    expect(await ids(memberO)).not.toContain(centre.id);
    expect(await ids(adminC)).toEqual(expect.arrayContaining([mine.id, centre.id]));
    expect(await ids(adminD)).not.toContain(centre.id);
    expect((await call("GET", "/forms", volunteer.headers)).statusCode).toBe(403);
  });

  it("the list and a form name their owner, a centre or an organisation, with include=organization", async () => {
    const ofOrganisation = await newForm({ organization_id: O }, memberO);
    const ofCentre = await newForm();
    const [centre] = await t.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, C));
    const [organisation] = await t.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, O));
    const list = await call("GET", "/forms?include=organization&page[size]=1000", adminC.headers);
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json();
    const ownerOf = (id: number) => {
      const form = body.data.find((d: { id: string }) => d.id === String(id));
      const link = form.relationships.organization.data;
      return body.included.find(
        (r: { type: string; id: string }) => r.type === link.type && r.id === link.id,
      );
    };
    expect(ownerOf(ofOrganisation.id)).toEqual({
      type: "organization",
      id: String(O),
      attributes: { name: organisation.name },
    });
    expect(ownerOf(ofCentre.id)).toEqual({
      type: "organization",
      id: String(C),
      attributes: { name: centre.name },
    });
    // Without the include, the linkage names the owner and nothing is included.
    const plain = (await call("GET", "/forms?page[size]=1000", adminC.headers)).json();
    expect(plain.included).toBeUndefined();
    expect(
      plain.data.find((d: { id: string }) => d.id === String(ofCentre.id)).relationships,
    ).toEqual({ organization: { data: { type: "organization", id: String(C) } } });

    const one = await call(
      "GET",
      `/forms/${ofOrganisation.id}?include=organization`,
      memberO.headers,
    );
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().included).toEqual([
      { type: "organization", id: String(O), attributes: { name: organisation.name } },
    ]);
    expect(
      (await call("GET", "/forms?include=bogus", adminC.headers)).json().errors[0].source,
    ).toEqual({ parameter: "include" });
  });

  it("another tenant's form is a 404 on every route, superadmins included, and stays as it was", async () => {
    const before = await t.database.db.select().from(forms).where(eq(forms.id, foreignForm));
    for (const [method, url] of [
      ["GET", `/forms/${foreignForm}`],
      ["GET", `/forms/${foreignForm}/form_versions`],
      ["GET", `/forms/${foreignForm}/form_submissions`],
      ["GET", `/forms/${foreignForm}/form_submissions.csv`],
      ["DELETE", `/forms/${foreignForm}`],
    ] as const) {
      expect((await call(method, url, superadmin.headers)).statusCode, url).toBe(404);
    }
    expect(
      (
        await call(
          "PATCH",
          `/forms/${foreignForm}`,
          superadmin.headers,
          formDoc({ title: "x" }, foreignForm),
        )
      ).statusCode,
    ).toBe(404);
    expect(await t.database.db.select().from(forms).where(eq(forms.id, foreignForm))).toEqual(
      before,
    );
  });
});
