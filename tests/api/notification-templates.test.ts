import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../backend/db/client";
import { auditEvents, notifications, notificationTemplates } from "../../backend/db/schema";
import { TEMPLATE_KEYS } from "../../backend/mail/notification-templates/registry";
import { applicableTemplate } from "../../backend/queries/notification-templates";
import { createTestApp, type TestApp } from "./support/app";
import { NO_RATE_LIMITS } from "./support/auth";
import { createOrganization, createTenantWithCenter } from "./support/factories";
import { signedInPerson, type TPerson } from "./support/resources";
import { createVacancy } from "./support/vacancy-factory";

// Notification templates (docs/notification-templates.md): the list with every kind's
// defaults, who may write which override, the refusals of text that is not safe or not
// valid (nothing stored), precedence centre > tenant > default, and the mail and
// notification of a real application using the override.

type TTenant = { id: number; slug: string };

let t: TestApp;
let tenant: TTenant;
let C: number;
let D: number;
let O: number;
let adminC: TPerson;
let adminD: TPerson;
let superadmin: TPerson;
let memberO: TPerson;
let staffEn: TPerson;
let volunteer: TPerson;
let foreign: TPerson;
let foreignRow: number;

const person = (
  where: TTenant,
  attrs?: Parameters<typeof signedInPerson>[2],
  role?: Parameters<typeof signedInPerson>[3],
  resource?: Parameters<typeof signedInPerson>[4],
) => signedInPerson(t.database.db, where, attrs, role, resource);

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" }, { auth: { rateLimits: NO_RATE_LIMITS } });
  const db = t.database.db;
  const made = await createTenantWithCenter(db);
  tenant = made.tenant;
  C = made.center.id;
  D = (await createOrganization(db, tenant.id, { type: "VolunteerCenter", name: "Centre D" })).id;
  O = (await createOrganization(db, tenant.id, { volunteerCenterId: C, name: "Buurthuis O" })).id;
  adminC = await person(tenant, { volunteerCenterId: C }, "admin", { type: "Organization", id: C });
  adminD = await person(tenant, { volunteerCenterId: D }, "admin", { type: "Organization", id: D });
  superadmin = await person(tenant, {}, "superadmin");
  memberO = await person(tenant, { volunteerCenterId: C, locale: "nl" }, "member", {
    type: "Organization",
    id: O,
  });
  staffEn = await person(tenant, { volunteerCenterId: C, locale: "en" }, "member", {
    type: "Organization",
    id: O,
  });
  volunteer = await person(tenant, { volunteerCenterId: C, firstName: "Vera", lastName: "V" });
  const elsewhere = await createTenantWithCenter(db);
  foreign = await person(elsewhere.tenant, {}, "superadmin");
  foreignRow = (
    await db
      .insert(notificationTemplates)
      .values({
        tenantId: elsewhere.tenant.id,
        kind: "application.received",
        locale: "nl",
        subject: "Elders",
        body: "Elders",
      })
      .returning()
  )[0]?.id as number;
});
afterAll(() => t.close());

const json = { "content-type": "application/vnd.api+json" };
const call = (
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  who: TPerson,
  body?: unknown,
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: body === undefined ? who.headers : { ...who.headers, ...json },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
const doc = (
  attributes: Record<string, unknown>,
  id?: number,
  type = "notification_templates",
) => ({
  data: { type, ...(id === undefined ? {} : { id: String(id) }), attributes },
});
const override = (extra: Record<string, unknown> = {}) => ({
  kind: "application.received",
  locale: "nl",
  volunteer_center_id: C,
  subject: "Hoera, {{ applicant.name }} wil {{ vacancy.title }} doen",
  body: "Beste collega,\n\n{{ applicant.name }} reageerde op {{ vacancy.title }}.",
  ...extra,
});
const rowCount = async () => (await t.database.db.select().from(notificationTemplates)).length;

async function created(attributes: Record<string, unknown>, who = adminC): Promise<number> {
  const res = await call("POST", "/notification_templates", who, doc(attributes));
  expect(res.statusCode, res.body).toBe(201);
  return Number(res.json().data.id);
}
const remove = async (id: number) =>
  expect((await call("DELETE", `/notification_templates/${id}`, superadmin)).statusCode).toBe(204);

describe("GET /api/v1/notification_templates", () => {
  it("gives every kind with its variables and both defaults in meta.kinds", async () => {
    const res = await call("GET", "/notification_templates", adminC);
    expect(res.statusCode, res.body).toBe(200);
    const kinds = res.json().meta.kinds as {
      key: string;
      defaults: Record<string, unknown>;
      variables: { name: string; sample: unknown }[];
    }[];
    expect(kinds.map((k) => k.key)).toEqual([...TEMPLATE_KEYS]);
    const received = kinds.find((k) => k.key === "application.received");
    expect(received).toMatchObject({
      channels: ["app", "mail"],
      defaults: {
        nl: { subject: "Nieuwe reactie op {{ vacancy.title }}" },
        en: { subject: "New application for {{ vacancy.title }}" },
      },
    });
    expect(received?.variables).toContainEqual({
      name: "vacancy.title",
      sample: "Voorlezen in de bibliotheek",
    });
  });

  it("narrows the overrides and the kinds by kind and locale", async () => {
    const id = await created(override());
    const res = await call(
      "GET",
      "/notification_templates?filter[kind_eq]=application.received&filter[locale_eq]=en",
      adminC,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([]);
    expect(res.json().meta.kinds).toHaveLength(1);
    expect(Object.keys(res.json().meta.kinds[0].defaults)).toEqual(["en"]);
    const nl = await call("GET", "/notification_templates?filter[locale_eq]=nl", adminC);
    expect(nl.json().data.map((d: { id: string }) => Number(d.id))).toEqual([id]);
    // Another centre's admin sees neither C's override nor C's in a show.
    expect((await call("GET", "/notification_templates", adminD)).json().data).toEqual([]);
    expect((await call("GET", `/notification_templates/${id}`, adminD)).statusCode).toBe(403);
    expect((await call("GET", `/notification_templates/${id}`, superadmin)).statusCode).toBe(200);
    await remove(id);
  });

  it("is 403 for staff and volunteers, and 404 for another tenant's override", async () => {
    expect((await call("GET", "/notification_templates", memberO)).statusCode).toBe(403);
    expect((await call("GET", "/notification_templates", volunteer)).statusCode).toBe(403);
    expect(
      (await call("GET", `/notification_templates/${foreignRow}`, superadmin)).statusCode,
    ).toBe(404);
    const patch = doc({ subject: "x" }, foreignRow);
    expect(
      (await call("PATCH", `/notification_templates/${foreignRow}`, superadmin, patch)).statusCode,
    ).toBe(404);
    expect(
      (await call("DELETE", `/notification_templates/${foreignRow}`, superadmin)).statusCode,
    ).toBe(404);
    expect(foreign.id).toBeGreaterThan(0);
  });
});

describe("POST /api/v1/notification_templates", () => {
  it("stores a centre's override for its admin, audited, once per scope", async () => {
    const id = await created(override());
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.subjectType, "NotificationTemplate"), eq(auditEvents.subjectId, id)),
      );
    expect(audit).toMatchObject({
      action: "notification_template_created",
      actorId: adminC.id,
      volunteerCenterId: C,
      subjectLabel: "application.received (nl)",
    });
    const again = await call("POST", "/notification_templates", adminC, doc(override()));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors[0]).toMatchObject({
      code: "taken",
      source: { pointer: "/data/attributes/kind" },
    });
    await remove(id);
  });

  it("leaves the tenant's override to superadmins and a centre's to its own admins", async () => {
    const tenantWide = override({ volunteer_center_id: null });
    expect(
      (await call("POST", "/notification_templates", adminC, doc(tenantWide))).statusCode,
    ).toBe(403);
    expect(
      (await call("POST", "/notification_templates", adminD, doc(override()))).statusCode,
    ).toBe(403);
    expect(
      (await call("POST", "/notification_templates", memberO, doc(override()))).statusCode,
    ).toBe(403);
    const foreignCentre = override({ volunteer_center_id: 999_999 });
    const res = await call("POST", "/notification_templates", superadmin, doc(foreignCentre));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].source.pointer).toBe("/data/attributes/volunteer_center_id");
    const id = await created(tenantWide, superadmin);
    // The tenant's override is read by every centre admin, changed by superadmins only.
    expect((await call("GET", `/notification_templates/${id}`, adminD)).statusCode).toBe(200);
    const change = doc({ subject: "Anders" }, id);
    expect((await call("PATCH", `/notification_templates/${id}`, adminD, change)).statusCode).toBe(
      403,
    );
    await remove(id);
  });

  const refusals: [string, Record<string, unknown>, string, RegExp][] = [
    [
      "a variable the kind does not have",
      { body: "Hallo {{ volunteer.password }}" },
      "/data/attributes/body",
      /volunteer\.password/,
    ],
    [
      "an include of a file",
      { body: "{% include '/etc/passwd' %}" },
      "/data/attributes/body",
      /include/,
    ],
    ["a render of a file", { subject: "{% render 'x' %}" }, "/data/attributes/subject", /render/],
    ["a layout", { body: "{% layout 'x' %}" }, "/data/attributes/body", /layout/],
    [
      "an unknown filter",
      { subject: "{{ 'x' | unknown }}" },
      "/data/attributes/subject",
      /unknown/,
    ],
    ["a broken tag", { body: "{% if vacancy.title %}open" }, "/data/attributes/body", /./],
    [
      "a loop past the memory limit",
      { body: "{% for i in (1..100000000) %}xxxxxxxxxx{% endfor %}" },
      "/data/attributes/body",
      /limit/,
    ],
    [
      "nested loops past the time limit",
      { body: "{% for i in (1..100000) %}{% for j in (1..100000) %}{% endfor %}{% endfor %}" },
      "/data/attributes/body",
      /limit/,
    ],
    ["an unknown kind", { kind: "nope.never" }, "/data/attributes/kind", /kind/],
    ["a blank subject", { subject: "  " }, "/data/attributes/subject", /./],
  ];
  for (const [what, change, pointer, detail] of refusals) {
    it(`refuses ${what} with a 422 on the field, storing nothing`, async () => {
      const before = await rowCount();
      const res = await call("POST", "/notification_templates", adminC, doc(override(change)));
      expect(res.statusCode, res.body).toBe(422);
      const [error] = res.json().errors;
      expect(error.source.pointer).toBe(pointer);
      expect(error.detail).toMatch(detail);
      expect(await rowCount()).toBe(before);
    });
  }

  it("names the unknown variable in the message", async () => {
    const res = await call(
      "POST",
      "/notification_templates",
      adminC,
      doc(override({ subject: "{{ vacancy.titel }}" })),
    );
    expect(res.json().errors[0]).toMatchObject({
      code: "unknown_variable",
      detail: "Subject uses the variable vacancy.titel, which this template does not have",
    });
  });
});

describe("PATCH and DELETE /api/v1/notification_templates/:id", () => {
  it("changes the text with the same checks, and a DELETE resets to the default", async () => {
    const id = await created(override());
    const bad = await call(
      "PATCH",
      `/notification_templates/${id}`,
      adminC,
      doc({ body: "{{ x | nope }}" }, id),
    );
    expect(bad.statusCode).toBe(422);
    const ok = await call(
      "PATCH",
      `/notification_templates/${id}`,
      adminC,
      doc({ subject: "Nieuw: {{ vacancy.title }}" }, id),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.attributes.subject).toBe("Nieuw: {{ vacancy.title }}");
    expect((await call("DELETE", `/notification_templates/${id}`, adminD)).statusCode).toBe(403);
    expect((await call("DELETE", `/notification_templates/${id}`, adminC)).statusCode).toBe(204);
    const actions = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.subjectType, "NotificationTemplate"), eq(auditEvents.subjectId, id)),
      )
      .orderBy(auditEvents.id);
    expect(actions.map((a) => a.action)).toEqual([
      "notification_template_created",
      "notification_template_updated",
      "notification_template_deleted",
    ]);
    expect((await call("GET", `/notification_templates/${id}`, adminC)).statusCode).toBe(404);
  });
});

describe("preview and test mail", () => {
  const preview = (who: TPerson, attributes: Record<string, unknown>, url = "preview") =>
    call(
      "POST",
      `/notification_templates/${url}`,
      who,
      doc(attributes, undefined, "notification_template_previews"),
    );

  it("renders unsaved text with the kind's sample data; values stay data", async () => {
    const res = await preview(adminC, {
      kind: "application.received",
      locale: "nl",
      subject: "{{ applicant.name | upcase }} en {{ vacancy.title }}",
      body: "Een\n\n{% if link %}Met link{% endif %}",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attributes).toMatchObject({
      subject: "SAM DE VRIES en Voorlezen in de bibliotheek",
      body: "Een\n\nMet link",
    });
    expect(res.json().data.attributes.html).toContain("<p>Een</p>");
    const refused = await preview(adminC, {
      kind: "application.received",
      locale: "nl",
      subject: "x",
      body: "{% include 'x' %}",
    });
    expect(refused.statusCode).toBe(422);
    expect(
      (await preview(memberO, { kind: "auth.unlock", locale: "en", subject: "x", body: "y" }))
        .statusCode,
    ).toBe(403);
  });

  it("mails a test to the caller themself through the queue", async () => {
    const before = t.mailer.sent.length;
    const res = await preview(
      adminC,
      {
        kind: "auth.unlock",
        locale: "en",
        subject: "Test {{ tenant.name }}",
        body: "Hi {{ recipient.first_name }}",
      },
      "test_mail",
    );
    expect(res.statusCode, res.body).toBe(202);
    const sent = t.mailer.sent.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: adminC.email, subject: "Test Vrijwilligerscentrale Demo" });
    expect(sent[0]?.text).toContain("Hi Jane");
  });
});

describe("sending uses the override that applies", () => {
  async function apply(title: string) {
    const vacancy = await createVacancy(t.database.db, tenant.id, {
      organizationId: O,
      volunteerCenterId: C,
      title,
    });
    const before = t.mailer.sent.length;
    const res = await call("POST", "/applications", volunteer, {
      data: {
        type: "applications",
        attributes: { motivation: "Graag" },
        relationships: { vacancy: { data: { type: "vacancies", id: String(vacancy.id) } } },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = Number(res.json().data.id);
    const notices = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.url, `/applications/${id}`));
    return { mails: t.mailer.sent.slice(before), notices };
  }

  it("takes the centre's override for its staff in that language, the default otherwise", async () => {
    const id = await created(override());
    const { mails, notices } = await apply("Voorlezen {{ 7 * 7 }} {% include 'x' %}");
    const nl = mails.find((m) => m.to === memberO.email);
    // The title is data: its braces reach the mail as written.
    expect(nl?.subject).toBe("Hoera, Vera V wil Voorlezen {{ 7 * 7 }} {% include 'x' %} doen");
    expect(nl?.text).toContain("Beste collega,\n\nVera V reageerde op Voorlezen");
    expect(nl?.html).toContain("{{ 7 * 7 }} {% include &#39;x&#39; %}");
    const forMember = notices.find((n) => n.userId === memberO.id);
    expect(forMember?.title).toBe(nl?.subject);
    expect(forMember?.body).toBe(
      "Beste collega,\n\nVera V reageerde op Voorlezen {{ 7 * 7 }} {% include 'x' %}.",
    );
    const en = mails.find((m) => m.to === staffEn.email);
    expect(en?.subject).toBe("New application for Voorlezen {{ 7 * 7 }} {% include 'x' %}");
    await remove(id);
    const after = await apply("Koken");
    expect(after.mails.find((m) => m.to === memberO.email)?.subject).toBe(
      "Nieuwe reactie op Koken",
    );
  });

  it("prefers the centre's override over the tenant's, and the tenant's over the default", async () => {
    const tenantId = await created(
      override({ volunteer_center_id: null, subject: "Tenant: {{ vacancy.title }}" }),
      superadmin,
    );
    const read = (centre: number | null) =>
      withTenant(t.database.db, tenant.id, (tx) =>
        applicableTemplate(tx, tenant.id, centre, "application.received", "nl"),
      );
    expect((await read(C))?.subject).toBe("Tenant: {{ vacancy.title }}");
    expect((await apply("Tuin")).mails.find((m) => m.to === memberO.email)?.subject).toBe(
      "Tenant: Tuin",
    );
    const centreId = await created(override({ subject: "Centrum: {{ vacancy.title }}" }));
    expect((await read(C))?.subject).toBe("Centrum: {{ vacancy.title }}");
    expect((await read(D))?.subject).toBe("Tenant: {{ vacancy.title }}");
    expect((await read(null))?.subject).toBe("Tenant: {{ vacancy.title }}");
    expect(
      await withTenant(t.database.db, tenant.id, (tx) =>
        applicableTemplate(tx, tenant.id, C, "application.received", "en"),
      ),
    ).toBeNull();
    expect((await apply("Tuin")).mails.find((m) => m.to === memberO.email)?.subject).toBe(
      "Centrum: Tuin",
    );
    await remove(centreId);
    await remove(tenantId);
  });

  it("falls back to the default when a stored override cannot render, and still mails", async () => {
    // Written past the api's checks (as a bug or an older rule could have): never lose a mail.
    const [row] = await t.database.db
      .insert(notificationTemplates)
      .values({
        tenantId: tenant.id,
        volunteerCenterId: C,
        kind: "application.received",
        locale: "nl",
        subject: "{% if %}",
        body: "{{ x | nope }}",
      })
      .returning();
    const { mails } = await apply("Fietsen");
    expect(mails.find((m) => m.to === memberO.email)?.subject).toBe("Nieuwe reactie op Fietsen");
    await remove(row?.id as number);
  });
});
