import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications } from "../../backend/db/schema";
import { createTestApp, type TestApp } from "./support/app";
import { createOrganization, createTenantWithCenter, createUser } from "./support/factories";
import { createVacancy } from "./support/vacancy-factory";

// "Usually replies within N days" on a public vacancy (docs/reply-times.md): the median of
// the organisation's reply times over the last 90 days, rounded up to whole days, once it
// has replied at least 5 times in that window; null before.

const DAY = 24 * 3600_000;
let t: TestApp;
let tenant: { id: number; slug: string };
let C: number;
let O: number;
let vacancyId: number;
let otherVacancyId: number;

const db = () => t.database.db;

/** An application sent `sentDaysAgo` and answered `tookDays` later. */
async function reply(
  organizationId: number,
  vacancy: number,
  sentDaysAgo: number,
  tookDays: number,
) {
  const volunteer = await createUser(db(), tenant.id);
  const sent = new Date(Date.now() - sentDaysAgo * DAY);
  await db()
    .insert(applications)
    .values({
      tenantId: tenant.id,
      vacancyId: vacancy,
      organizationId,
      volunteerCenterId: C,
      userId: volunteer.id,
      status: "accepted",
      createdAt: sent,
      respondedAt: new Date(sent.getTime() + tookDays * DAY),
    });
}

async function median(id: number) {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/v1/vacancies/${id}`,
    headers: { "x-tenant": tenant.slug },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.attributes.reply_days_median;
}

beforeAll(async () => {
  t = await createTestApp();
  const made = await createTenantWithCenter(db());
  tenant = made.tenant;
  C = made.center.id;
  O = (await createOrganization(db(), tenant.id, { volunteerCenterId: C })).id;
  vacancyId = (await createVacancy(db(), tenant.id, { organizationId: O, volunteerCenterId: C }))
    .id;
  const P = (await createOrganization(db(), tenant.id, { volunteerCenterId: C })).id;
  otherVacancyId = (
    await createVacancy(db(), tenant.id, { organizationId: P, volunteerCenterId: C })
  ).id;
});

afterAll(async () => {
  await t?.close();
});

describe("GET /api/v1/vacancies/:id reply_days_median", () => {
  it("is null without replies", async () => {
    expect(await median(vacancyId)).toBeNull();
  });

  it("is null with 4 replies in the window, however many older ones", async () => {
    for (const took of [1, 2, 3, 4]) await reply(O, vacancyId, 30, took);
    // Answered more than 90 days ago: outside the window.
    for (const took of [1, 1, 1]) await reply(O, vacancyId, 120, took);
    expect(await median(vacancyId)).toBeNull();
  });

  it("is the median, rounded up, at the 5th reply", async () => {
    // 1, 2, 3, 4 and 2.5 days: the median is 2.5, shown as 3.
    await reply(O, vacancyId, 20, 2.5);
    expect(await median(vacancyId)).toBe(3);
  });

  it("counts the organisation's replies to all its vacancies, not another's", async () => {
    const second = (
      await createVacancy(db(), tenant.id, { organizationId: O, volunteerCenterId: C })
    ).id;
    expect(await median(second)).toBe(3);
    expect(await median(otherVacancyId)).toBeNull();
  });

  it("is at least 1 for replies within the hour", async () => {
    const P = (await createOrganization(db(), tenant.id, { volunteerCenterId: C })).id;
    const fast = (await createVacancy(db(), tenant.id, { organizationId: P, volunteerCenterId: C }))
      .id;
    for (let i = 0; i < 5; i += 1) await reply(P, fast, 10, 0.01);
    expect(await median(fast)).toBe(1);
  });
});
