import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, notifications, siteSettings, users } from "../../backend/db/schema";
import { createTestApp, type TestApp } from "./support/app";
import { createApplication } from "./support/application-factory";
import { testClock } from "./support/auth";
import {
  addRole,
  createOrganization,
  createTenantWithCenter,
  createUser,
} from "./support/factories";
import { signedIn } from "./support/resources";
import { createVacancy } from "./support/vacancy-factory";

// The reply-time reminders (docs/reply-times.md), driven by the worker's fake clock: an
// application sent on Monday 20 April 2026 at 10:00 (Amsterdam) reaches its 7th working
// day on Thursday 30 April at 10:00, over a weekend and King's Day (Monday 27 April), and
// its 10th on Tuesday 5 May (Liberation Day counts as a working day).

const SENT = new Date("2026-04-20T08:00:00Z"); // 10:00 CEST
const DAY_7 = new Date("2026-04-30T08:00:00Z");
const DAY_10 = new Date("2026-05-05T08:00:00Z");
const MINUTE = 60_000;

const clock = testClock(SENT);
let t: TestApp;
let tenantId: number;
let tenantSlug: string;
let C: number;
let staffNl: { id: number; email: string };
let staffEn: { id: number; email: string };
let adminC: { id: number; email: string };
let adminOff: { id: number; email: string };
let applicationId: number;
let offApplicationId: number;
let answeredId: number;

const db = () => t.database.db;
const mailsTo = (email: string) => t.mailer.sent.filter((m) => m.to === email);
const at = async (instant: Date) => {
  clock.advance(instant.getTime() - clock.now().getTime());
  await t.app.jobs.drain({ schedules: true });
};
const marks = async (id: number) => {
  const [row] = await db()
    .select({ nudgedAt: applications.nudgedAt, escalatedAt: applications.escalatedAt })
    .from(applications)
    .where(eq(applications.id, id));
  return row;
};

async function sceneAt(centerId: number) {
  const organization = await createOrganization(db(), tenantId, {
    volunteerCenterId: centerId,
    name: "Buurthuis De Linde",
  });
  const vacancy = await createVacancy(db(), tenantId, {
    organizationId: organization.id,
    volunteerCenterId: centerId,
    title: "Gastvrouw",
  });
  const volunteer = await createUser(db(), tenantId, { firstName: "Vera", lastName: "Visser" });
  const application = await createApplication(db(), tenantId, {
    vacancyId: vacancy.id,
    organizationId: organization.id,
    volunteerCenterId: centerId,
    userId: volunteer.id,
  });
  await db()
    .update(applications)
    .set({ createdAt: SENT })
    .where(eq(applications.id, application.id));
  return { organization, vacancy, application };
}

beforeAll(async () => {
  t = await createTestApp({}, { jobs: { now: clock.now } });
  const made = await createTenantWithCenter(db());
  tenantId = made.tenant.id;
  tenantSlug = made.tenant.slug;
  C = made.center.id;
  const scene = await sceneAt(C);
  applicationId = scene.application.id;
  staffNl = await createUser(db(), tenantId, { firstName: "Sanne", locale: "nl" });
  staffEn = await createUser(db(), tenantId, { firstName: "Sam", locale: "en" });
  for (const [person, role] of [
    [staffNl, "member"],
    [staffEn, "admin"],
  ] as const) {
    await addRole(db(), tenantId, person.id, role, {
      type: "Organization",
      id: scene.organization.id,
    });
  }
  adminC = await createUser(db(), tenantId, { firstName: "Anna" });
  await addRole(db(), tenantId, adminC.id, "admin", { type: "Organization", id: C });

  // An answered application of the same organisation: nobody is reminded of it.
  const answered = await createApplication(db(), tenantId, {
    vacancyId: scene.vacancy.id,
    organizationId: scene.organization.id,
    volunteerCenterId: C,
    userId: (await createUser(db(), tenantId)).id,
  });
  await db()
    .update(applications)
    .set({ createdAt: SENT, respondedAt: SENT })
    .where(eq(applications.id, answered.id));
  answeredId = answered.id;

  // A centre that turned the reminders off.
  const off = await createOrganization(db(), tenantId, { type: "VolunteerCenter" });
  await db()
    .insert(siteSettings)
    .values({ tenantId, volunteerCenterId: off.id, replyNudgesEnabled: false });
  const offScene = await sceneAt(off.id);
  offApplicationId = offScene.application.id;
  adminOff = await createUser(db(), tenantId);
  await addRole(db(), tenantId, adminOff.id, "admin", { type: "Organization", id: off.id });
});

afterAll(async () => {
  await t?.close();
});

describe("the reminder to the organisation's staff", () => {
  it("is not sent before the 7th working day, over the weekend and King's Day", async () => {
    await at(new Date("2026-04-27T20:00:00Z")); // King's Day evening: 4 working days
    await at(new Date(DAY_7.getTime() - MINUTE));
    expect(mailsTo(staffNl.email)).toHaveLength(0);
    expect((await marks(applicationId)).nudgedAt).toBeNull();
  });

  it("is sent at the 7th working day, in each person's language, in the app and by mail", async () => {
    await at(DAY_7);
    const [nl] = mailsTo(staffNl.email);
    const [en] = mailsTo(staffEn.email);
    expect(nl?.subject).toBe("Vera Visser wacht op antwoord: Gastvrouw");
    expect(nl?.text).toContain("7 werkdagen geleden");
    expect(en?.subject).toBe("Vera Visser is waiting for a reply: Gastvrouw");
    expect(en?.text).toContain("7 working days ago");
    // A scheduled mail links to the site all the same: SITE_ORIGINS, else the development
    // address of the tenant's site.
    const link = `http://${tenantSlug}.localhost:3000/applications/${applicationId}`;
    expect(nl?.text).toContain(link);
    expect(en?.text).toContain(link);
    expect((await marks(applicationId)).nudgedAt?.toISOString()).toBe(DAY_7.toISOString());
    const inApp = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, staffNl.id));
    expect(inApp.map((n) => n.url)).toEqual([`/applications/${applicationId}`]);
    // The centre's admins wait for the escalation; the answered one reminds nobody.
    expect(mailsTo(adminC.email)).toHaveLength(0);
    expect(await marks(answeredId)).toEqual({ nudgedAt: null, escalatedAt: null });
  });

  it("is sent once", async () => {
    await at(new Date(DAY_7.getTime() + 60 * MINUTE));
    await at(new Date(DAY_7.getTime() + 120 * MINUTE));
    expect(mailsTo(staffNl.email)).toHaveLength(1);
    expect(mailsTo(staffEn.email)).toHaveLength(1);
  });
});

describe("the word to the centre's admins", () => {
  it("is not sent before the 10th working day", async () => {
    await at(new Date(DAY_10.getTime() - MINUTE));
    expect(mailsTo(adminC.email)).toHaveLength(0);
    expect((await marks(applicationId)).escalatedAt).toBeNull();
  });

  it("is sent at the 10th working day, once, to the centre's admins only", async () => {
    await at(DAY_10);
    await at(new Date(DAY_10.getTime() + 60 * MINUTE));
    const mails = mailsTo(adminC.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Nog geen antwoord van Buurthuis De Linde: Gastvrouw");
    expect(mails[0].text).toContain("10 werkdagen geleden");
    expect(mails[0].text).toContain(
      `http://${tenantSlug}.localhost:3000/applications/${applicationId}`,
    );
    expect((await marks(applicationId)).escalatedAt?.toISOString()).toBe(DAY_10.toISOString());
    // The staff were reminded once, not again.
    expect(mailsTo(staffNl.email)).toHaveLength(1);
  });
});

describe("GET /api/v1/volunteer_centers/:id/overdue_applications (the centre's dashboard)", () => {
  const overdue = async (userId: number, centreId = C, extra = "") =>
    t.app.inject({
      method: "GET",
      url: `/api/v1/volunteer_centers/${centreId}/overdue_applications?include=vacancy,organization${extra}`,
      headers: await signedIn(db(), { id: tenantId, slug: tenantSlug }, userId),
    });

  it("lists the centre's applications past the escalation, with the working days waited", async () => {
    const res = await overdue(adminC.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data.map((d: { id: string }) => d.id)).toEqual([String(applicationId)]);
    expect(body.meta.pagination.records).toBe(1);
    // Counted against the api's own clock: far more than 10 by now.
    expect(body.data[0].attributes.waiting_working_days).toBeGreaterThanOrEqual(10);
    const names = body.included.map((r: { attributes: { name?: string; title?: string } }) =>
      String(r.attributes.name ?? r.attributes.title),
    );
    expect(names.sort()).toEqual(["Buurthuis De Linde", "Gastvrouw"]);
  });

  it("is a 403 for the organisation's own staff and another centre's admin", async () => {
    for (const user of [staffNl, adminOff]) {
      const res = await overdue(user.id);
      expect(res.statusCode).toBe(403);
    }
  });

  it("is a 404 for an organisation that is no centre, and a 400 for an unknown filter", async () => {
    const [row] = await db()
      .select({ organizationId: applications.organizationId })
      .from(applications)
      .where(eq(applications.id, applicationId));
    expect((await overdue(adminC.id, row.organizationId)).statusCode).toBe(404);
    const bogus = await overdue(adminC.id, C, "&filter[bogus_eq]=1");
    expect(bogus.statusCode).toBe(400);
  });
});

describe("a centre that turned the reminders off", () => {
  it("tells nobody, however long it waits", async () => {
    await at(new Date("2026-06-01T08:00:00Z"));
    expect(await marks(offApplicationId)).toEqual({ nudgedAt: null, escalatedAt: null });
    expect(mailsTo(adminOff.email)).toHaveLength(0);
  });
});

describe("preferences", () => {
  it("follow the choice for applications received", async () => {
    const made = await sceneAt(C);
    const quiet = await createUser(db(), tenantId);
    await db()
      .update(users)
      .set({ notificationPreferences: { application_received: "in_app" } })
      .where(eq(users.id, quiet.id));
    await addRole(db(), tenantId, quiet.id, "member", {
      type: "Organization",
      id: made.organization.id,
    });
    await db()
      .update(applications)
      .set({ createdAt: new Date(clock.now().getTime() - 30 * 24 * 3600_000) })
      .where(eq(applications.id, made.application.id));
    await at(new Date(clock.now().getTime() + 60 * MINUTE));
    expect(mailsTo(quiet.email)).toHaveLength(0);
    const inApp = await db().select().from(notifications).where(eq(notifications.userId, quiet.id));
    expect(inApp).toHaveLength(1);
    expect((await marks(made.application.id)).escalatedAt).not.toBeNull();
  });
});
