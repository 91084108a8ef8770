import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { activityRegistrations } from "../../../backend/db/schema";
import { activityRemindersJob } from "../../../backend/jobs/notify-activity";
import { enqueue } from "../../../backend/jobs/queue";
import { createActivity } from "./activity-factories";
import { createUser } from "./factories";
import { FIRST_NAME, type TFlow, type TLocale, type TSite } from "./mail-flows";

/**
 * What the people of an activity hear of it, as mail (docs/activity-writes.md): a new time
 * and a cancellation, triggered by the centre's admin through the api, and the 48-hour
 * reminder of the scheduled job. The recipient has a place, in the test's language; the
 * link opens the activity on the site's own host.
 */

const hex = () => randomBytes(4).toString("hex");
const json = { "content-type": "application/vnd.api+json" };
const HOUR = 3600_000;

/** A published activity of the site's centre, and someone in `locale` with a place at it. */
async function scene(site: TSite, locale: TLocale, startsIn: number, placeTakenAgo = 0) {
  const title = `Wandeling langs één café ${hex()}`;
  const activity = await createActivity(site.db, site.tenant.id, {
    volunteerCenterId: site.centre,
    title,
    status: "published",
    publishedAt: new Date(),
    startsAt: new Date(Date.now() + startsIn),
  });
  const person = await createUser(site.db, site.tenant.id, {
    email: `activity-${locale}-${hex()}@example.test`,
    firstName: FIRST_NAME[locale],
    lastName: "van Dijk",
    locale,
    volunteerCenterId: site.centre,
  });
  await site.db.insert(activityRegistrations).values({
    tenantId: site.tenant.id,
    activityId: activity.id,
    userId: person.id,
    status: "registered",
    createdAt: new Date(Date.now() - placeTakenAgo),
  });
  return { activity, title, address: person.email };
}

async function admin(
  app: FastifyInstance,
  site: TSite,
  method: "PATCH" | "PUT",
  url: string,
  attributes: Record<string, unknown>,
) {
  const res = await app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...site.admin, ...site.headers, ...json },
    payload: JSON.stringify({ data: { type: "activities", attributes } }),
  });
  expect(res.statusCode, res.body).toBe(200);
}

const subjects = {
  changed: { nl: "Gewijzigd: ", en: "Changed: " },
  cancelled: { nl: "Gaat niet door: ", en: "Cancelled: " },
  reminder: { nl: "Over twee dagen: ", en: "In two days: " },
} as const;

const subject =
  (kind: keyof typeof subjects): TFlow["subject"] =>
  (_site, locale, sent) =>
    `${subjects[kind][locale]}${sent.subjectHas}`;

export const ACTIVITY_FLOWS: Record<string, TFlow> = {
  "an activity's new time, to its people (PATCH /api/v1/activities/:id)": {
    async trigger(app, site, locale) {
      const s = await scene(site, locale, 10 * 24 * HOUR);
      const later = new Date(s.activity.startsAt.getTime() + 2 * HOUR).toISOString();
      await admin(app, site, "PATCH", `/activities/${s.activity.id}`, { starts_at: later });
      return {
        address: s.address,
        firstName: FIRST_NAME[locale],
        subjectHas: s.title,
        path: `/activiteiten/${s.activity.id}`,
      };
    },
    subject: subject("changed"),
    link: { path: "/activiteiten/:id" },
  },
  "an activity cancelled, to its people (PUT /api/v1/activities/:id/transition)": {
    async trigger(app, site, locale) {
      const s = await scene(site, locale, 10 * 24 * HOUR);
      await admin(app, site, "PUT", `/activities/${s.activity.id}/transition`, {
        status: "cancelled",
      });
      return {
        address: s.address,
        firstName: FIRST_NAME[locale],
        subjectHas: s.title,
        path: `/activiteiten/${s.activity.id}`,
      };
    },
    subject: subject("cancelled"),
    link: { path: "/activiteiten/:id" },
  },
  // A scheduled mail has no request: the link is on the site's address from SITE_ORIGINS
  // (not set: the site's development address, which is this test's site).
  "the 48-hour reminder of an activity, to those with a place (the scheduled job)": {
    async trigger(app, site, locale) {
      const s = await scene(site, locale, 40 * HOUR, 5 * 24 * HOUR);
      await enqueue(site.db, activityRemindersJob, {}, { tenantId: site.tenant.id });
      await app.jobs.drain();
      return {
        address: s.address,
        firstName: FIRST_NAME[locale],
        subjectHas: s.title,
        path: `/activiteiten/${s.activity.id}`,
      };
    },
    subject: subject("reminder"),
    link: { path: "/activiteiten/:id" },
  },
};
