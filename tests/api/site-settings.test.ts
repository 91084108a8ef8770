import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, siteSettings } from "../../backend/db/schema";
import { createTestApp, type TestApp } from "./support/app";
import {
  addRole,
  createOrganization,
  createTenantWithCenter,
  createUser,
} from "./support/factories";
import { signedIn } from "./support/resources";

const DEVISE_401 = { errors: ["You need to sign in or sign up before continuing."] };

let t: TestApp;
const db = () => t.database.db;
type TFixture = Awaited<ReturnType<typeof fixture>>;
let a: TFixture;
let b: TFixture;

async function fixture() {
  const { tenant, center } = await createTenantWithCenter(db());
  const second = await createOrganization(db(), tenant.id, {
    type: "VolunteerCenter",
    name: "Second centre",
  });
  const school = await createOrganization(db(), tenant.id, {
    type: "School",
    volunteerCenterId: center.id,
  });
  const superadmin = await createUser(db(), tenant.id);
  await addRole(db(), tenant.id, superadmin.id, "superadmin");
  const centreAdmin = await createUser(db(), tenant.id, { volunteerCenterId: center.id });
  await addRole(db(), tenant.id, centreAdmin.id, "admin", { type: "Organization", id: center.id });
  const secondAdmin = await createUser(db(), tenant.id, { volunteerCenterId: second.id });
  await addRole(db(), tenant.id, secondAdmin.id, "admin", { type: "Organization", id: second.id });
  const schoolAdmin = await createUser(db(), tenant.id, { volunteerCenterId: center.id });
  await addRole(db(), tenant.id, schoolAdmin.id, "admin", { type: "Organization", id: school.id });
  return { tenant, center, second, school, superadmin, centreAdmin, secondAdmin, schoolAdmin };
}

beforeAll(async () => {
  t = await createTestApp();
  a = await fixture();
  b = await fixture();
});
afterAll(() => t.close());

const document = (id: number, attributes: Record<string, unknown>) => ({
  data: { type: "site_settings", id: String(id), attributes },
});

async function put(
  f: TFixture,
  userId: number | null,
  centerId: number | string,
  payload: unknown,
) {
  const headers =
    userId === null ? { "x-tenant": f.tenant.slug } : await signedIn(db(), f.tenant, userId);
  return t.app.inject({
    method: "PUT",
    url: `/api/v1/site_settings/${centerId}`,
    headers,
    payload: payload as Record<string, unknown>,
  });
}

const rowsOf = (centerId: number) =>
  db().select().from(siteSettings).where(eq(siteSettings.volunteerCenterId, centerId));
const auditOf = (centerId: number) =>
  db().select().from(auditEvents).where(eq(auditEvents.volunteerCenterId, centerId));

const THEME = {
  palette: { primary: "indigo", neutral: "stone" },
  font: "inter",
  shape: "straight",
};
const FOOTER = {
  text: "Vrijwilligerscentrum, Stationsplein 1",
  links: [
    { label: "Privacy", url: "/privacy" },
    { label: "Facebook", url: "https://facebook.com/example" },
  ],
};

describe("GET /api/v1/site_setting and /site_settings/:id", () => {
  it("answers a centre that saved nothing with empty settings, without sign-in", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/v1/site_settings/${a.second.id}`,
      headers: { "x-tenant": a.tenant.slug },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: String(a.second.id),
      type: "site_setting",
      attributes: {
        volunteer_center_id: a.second.id,
        theme: {},
        footer: {},
        reply_nudges_enabled: true,
        reply_nudge_days: 7,
        reply_escalation_days: 10,
        help_posts_public: false,
        reviews_new_vacancies: false,
        updated_at: null,
      },
    });
  });

  it("gives the site's centre on /site_setting: the Volunteer-Center-Id, else the tenant default", async () => {
    await put(
      a,
      a.secondAdmin.id,
      a.second.id,
      document(a.second.id, { theme: { shape: "full" } }),
    );
    const site = (headers: Record<string, string>) =>
      t.app.inject({
        method: "GET",
        url: "/api/v1/site_setting",
        headers: { "x-tenant": a.tenant.slug, ...headers },
      });
    const chosen = await site({ "volunteer-center-id": String(a.second.id) });
    expect(chosen.json().data.attributes.theme).toEqual({ shape: "full" });
    const fallback = await site({});
    expect(fallback.json().data.id).toBe(String(a.center.id));
    // Another tenant's centre is no centre here: the tenant's default answers instead.
    const foreign = await site({ "volunteer-center-id": String(b.second.id) });
    expect(foreign.json().data.id).toBe(String(a.center.id));
  });

  it("is a 404 for an organization that is no centre, and for another tenant's centre", async () => {
    for (const id of [a.school.id, b.center.id, "nope"]) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/v1/site_settings/${id}`,
        headers: { "x-tenant": a.tenant.slug },
      });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe("PUT /api/v1/site_settings/:id", () => {
  it("lets the centre's admin save design and footer, and records who changed what", async () => {
    const res = await put(
      a,
      a.centreAdmin.id,
      a.center.id,
      document(a.center.id, { theme: THEME, footer: FOOTER }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).toMatchObject({ theme: THEME, footer: FOOTER });
    const [row] = await rowsOf(a.center.id);
    expect(row).toMatchObject({ tenantId: a.tenant.id, theme: THEME, footer: FOOTER });
    const entries = await auditOf(a.center.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "site_settings_updated",
      actorId: a.centreAdmin.id,
      subjectType: "Organization",
      subjectId: a.center.id,
      subjectLabel: a.center.name,
      details: { changed: ["theme", "footer"] },
    });
  });

  it("changes only the part sent, and records nothing when nothing changed", async () => {
    const before = (await auditOf(a.center.id)).length;
    const same = await put(
      a,
      a.centreAdmin.id,
      a.center.id,
      document(a.center.id, { theme: THEME }),
    );
    expect(same.statusCode).toBe(200);
    expect((await auditOf(a.center.id)).length).toBe(before);
    const reset = await put(a, a.superadmin.id, a.center.id, document(a.center.id, { theme: {} }));
    expect(reset.json().data.attributes).toMatchObject({ theme: {}, footer: FOOTER });
    const entries = await auditOf(a.center.id);
    expect(entries.at(-1)).toMatchObject({
      actorId: a.superadmin.id,
      details: { changed: ["theme"] },
    });
  });

  it("refuses values outside the vetted lists and unsafe links with 422 pointers, writing nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ theme: { palette: { primary: "yellow" } } }, "/data/attributes/theme/palette/primary"],
      [{ theme: { font: "comic-sans" } }, "/data/attributes/theme/font"],
      [{ theme: { shape: "blob" } }, "/data/attributes/theme/shape"],
      [{ theme: { header: "big" } }, "/data/attributes/theme"],
      [
        { footer: { links: [{ label: "x", url: "javascript:alert(1)" }] } },
        "/data/attributes/footer/links/0/url",
      ],
      [
        { footer: { links: [{ label: "x", url: "//evil.example" }] } },
        "/data/attributes/footer/links/0/url",
      ],
      [{ footer: { links: [{ label: "", url: "/a" }] } }, "/data/attributes/footer/links/0/label"],
      [{ footer: { text: "x".repeat(1001) } }, "/data/attributes/footer/text"],
    ];
    const before = await rowsOf(a.center.id);
    for (const [attributes, pointer] of cases) {
      const res = await put(a, a.centreAdmin.id, a.center.id, document(a.center.id, attributes));
      expect(res.statusCode, JSON.stringify(attributes)).toBe(422);
      expect(res.json().errors[0].source.pointer).toBe(pointer);
    }
    expect(await rowsOf(a.center.id)).toEqual(before);
  });

  it("is a 401 signed out and a 403 for another centre's admin and an ordinary organization's admin", async () => {
    const signedOut = await put(a, null, a.center.id, document(a.center.id, { theme: {} }));
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual(DEVISE_401);
    for (const user of [a.secondAdmin, a.schoolAdmin]) {
      const res = await put(
        a,
        user.id,
        a.center.id,
        document(a.center.id, { theme: { shape: "full" } }),
      );
      expect(res.statusCode).toBe(403);
    }
    expect((await rowsOf(a.center.id))[0].theme).toEqual({});
  });

  it("is a 404 for another tenant's centre, whatever the caller's roles, and writes nothing", async () => {
    const res = await put(a, a.superadmin.id, b.center.id, document(b.center.id, { theme: THEME }));
    expect(res.statusCode).toBe(404);
    expect(await rowsOf(b.center.id)).toEqual([]);
    expect(await auditOf(b.center.id)).toEqual([]);
  });
});

describe("the reply-time reminders and the peer-help switch (docs/reply-times.md)", () => {
  it("stores the days, the switches, and audits what changed", async () => {
    const res = await put(
      a,
      a.secondAdmin.id,
      a.second.id,
      document(a.second.id, {
        reply_nudges_enabled: false,
        reply_nudge_days: 3,
        reply_escalation_days: 5,
        help_posts_public: true,
        reviews_new_vacancies: true,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attributes).toMatchObject({
      reply_nudges_enabled: false,
      reply_nudge_days: 3,
      reply_escalation_days: 5,
      help_posts_public: true,
      reviews_new_vacancies: true,
    });
    const [row] = await rowsOf(a.second.id);
    expect(row).toMatchObject({
      replyNudgesEnabled: false,
      replyNudgeDays: 3,
      replyEscalationDays: 5,
      helpPostsPublic: true,
      reviewsNewVacancies: true,
    });
    expect((await auditOf(a.second.id)).at(-1)?.details).toEqual({
      changed: [
        "reply_nudges_enabled",
        "reply_nudge_days",
        "reply_escalation_days",
        "help_posts_public",
        "reviews_new_vacancies",
      ],
    });
    // One of the two days alone is measured against the other as stored.
    const later = await put(
      a,
      a.secondAdmin.id,
      a.second.id,
      document(a.second.id, { reply_escalation_days: 20 }),
    );
    expect(later.json().data.attributes).toMatchObject({
      reply_nudge_days: 3,
      reply_escalation_days: 20,
      theme: { shape: "full" },
    });
  });

  it("refuses days out of bounds, not whole, or an escalation not after the nudge, with a pointer", async () => {
    const before = await rowsOf(a.second.id);
    const audits = (await auditOf(a.second.id)).length;
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ reply_nudge_days: 0 }, "/data/attributes/reply_nudge_days"],
      [{ reply_nudge_days: 61 }, "/data/attributes/reply_nudge_days"],
      [{ reply_nudge_days: 2.5 }, "/data/attributes/reply_nudge_days"],
      [{ reply_nudge_days: "7" }, "/data/attributes/reply_nudge_days"],
      [{ reply_escalation_days: 61 }, "/data/attributes/reply_escalation_days"],
      [{ reply_nudges_enabled: "yes" }, "/data/attributes/reply_nudges_enabled"],
      [{ help_posts_public: null }, "/data/attributes/help_posts_public"],
      [
        { reply_nudge_days: 8, reply_escalation_days: 8 },
        "/data/attributes/reply_escalation_days",
        "greater_than",
      ],
      // Stored: 3 and 20; a nudge at 20 would come with the escalation.
      [{ reply_nudge_days: 20 }, "/data/attributes/reply_nudge_days", "less_than"],
      [{ reply_escalation_days: 2 }, "/data/attributes/reply_escalation_days", "greater_than"],
    ];
    for (const [attributes, pointer, code] of cases) {
      const res = await put(a, a.secondAdmin.id, a.second.id, document(a.second.id, attributes));
      expect(res.statusCode, JSON.stringify(attributes)).toBe(422);
      const [error] = res.json().errors;
      expect(error.source.pointer, JSON.stringify(attributes)).toBe(pointer);
      if (code) expect(error.code).toBe(code);
    }
    expect(await rowsOf(a.second.id)).toEqual(before);
    expect(await auditOf(a.second.id)).toHaveLength(audits);
  });
});
