import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { applications, organizations } from "../../../backend/db/schema";
import { enqueue } from "../../../backend/jobs/queue";
import { replyNudgesJob } from "../../../backend/jobs/reply-nudges";
import { addRole, createOrganization, createUser } from "./factories";
import { FIRST_NAME, type TFlow, type TLocale, type TSite } from "./mail-flows";
import { signedIn } from "./resources";
import { createVacancy } from "./vacancy-factory";

/**
 * The notices of applications and conversations as mail (docs/api-applications.md,
 * docs/api-conversations.md), each triggered through the api as people cause them: someone
 * applies, the organisation decides or writes, the volunteer withdraws, the vacancy closes.
 * The recipient is in the test's language; the other people are Dutch. The link opens the
 * application, or the conversation, on the site's own host.
 */

const hex = () => randomBytes(4).toString("hex");
const json = { "content-type": "application/vnd.api+json" };

type TScene = {
  vacancyId: number;
  title: string;
  staff: { email: string; headers: Record<string, string> };
  volunteer: { email: string; headers: Record<string, string> };
  applicationId: number;
  conversationId: number;
};

/** An organisation with one member of staff, a vacancy, and a volunteer who applied. */
async function scene(
  app: FastifyInstance,
  site: TSite,
  locale: { staff: TLocale; volunteer: TLocale },
): Promise<TScene> {
  const organization = await createOrganization(site.db, site.tenant.id, {
    name: `Stichting ’t Café ${hex()}`,
    volunteerCenterId: site.centre,
  });
  const title = `Koffieschenker in één café ${hex()}`;
  const vacancy = await createVacancy(site.db, site.tenant.id, {
    organizationId: organization.id,
    volunteerCenterId: site.centre,
    title,
  });
  const person = async (who: TLocale) => {
    const row = await createUser(site.db, site.tenant.id, {
      email: `notice-${who}-${hex()}@example.test`,
      firstName: FIRST_NAME[who],
      lastName: "van Dijk",
      locale: who,
      volunteerCenterId: site.centre,
    });
    return { id: row.id, email: row.email, headers: await signedIn(site.db, site.tenant, row.id) };
  };
  const staff = await person(locale.staff);
  await addRole(site.db, site.tenant.id, staff.id, "member", {
    type: "Organization",
    id: organization.id,
  });
  const volunteer = await person(locale.volunteer);
  const res = await app.inject({
    method: "POST",
    url: "/api/v1/applications",
    headers: { ...volunteer.headers, ...site.headers, ...json },
    payload: JSON.stringify({
      data: {
        type: "applications",
        attributes: { motivation: "Ik help graag." },
        relationships: { vacancy: { data: { type: "vacancies", id: String(vacancy.id) } } },
      },
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  return {
    vacancyId: vacancy.id,
    title,
    staff,
    volunteer,
    applicationId: Number(body.data.id),
    conversationId: Number(body.data.relationships.conversation.data.id),
  };
}

async function move(
  app: FastifyInstance,
  site: TSite,
  s: TScene,
  event: string,
  who: TScene["staff"],
) {
  const res = await app.inject({
    method: "PUT",
    url: `/api/v1/applications/${s.applicationId}/transition`,
    headers: { ...who.headers, ...site.headers, ...json },
    payload: JSON.stringify({
      data: { type: "applications", id: String(s.applicationId), attributes: { event } },
    }),
  });
  expect(res.statusCode, res.body).toBe(200);
}

const decided = (event: "accept" | "decline"): TFlow => ({
  async trigger(app, site, locale) {
    const s = await scene(app, site, { staff: "nl", volunteer: locale });
    await move(app, site, s, event, s.staff);
    const word = {
      accept: { nl: "geaccepteerd", en: "accepted" },
      decline: { nl: "afgewezen", en: "declined" },
    }[event][locale];
    return {
      address: s.volunteer.email,
      firstName: FIRST_NAME[locale],
      subjectHas: `${s.title} ${locale === "en" ? "was" : "is"} ${word}`,
      path: `/applications/${s.applicationId}`,
    };
  },
  subject: (_site, locale, sent) =>
    locale === "en"
      ? `Your application for ${sent.subjectHas}`
      : `Je reactie op ${sent.subjectHas}`,
  link: { path: "/applications/:id" },
});

/**
 * The reply-time word to the centre (docs/reply-times.md): the application was sent a month
 * ago and nobody answered; the tenant's hourly run tells the centre's admins (and reminds
 * the staff, who also had the notice of the application itself). A scheduled job has no
 * request: the link is on the site's address from SITE_ORIGINS.
 */
const overdue: TFlow = {
  async trigger(app, site, locale) {
    const s = await scene(app, site, { staff: "nl", volunteer: "nl" });
    const admin = await createUser(site.db, site.tenant.id, {
      email: `overdue-${locale}-${hex()}@example.test`,
      firstName: FIRST_NAME[locale],
      lastName: "van Dijk",
      locale,
      volunteerCenterId: site.centre,
    });
    await addRole(site.db, site.tenant.id, admin.id, "admin", {
      type: "Organization",
      id: site.centre,
    });
    const [row] = await site.db
      .update(applications)
      .set({ createdAt: new Date(Date.now() - 30 * 24 * 3600_000) })
      .where(eq(applications.id, s.applicationId))
      .returning({ organizationId: applications.organizationId });
    const [organization] = await site.db
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, row.organizationId));
    await enqueue(site.db, replyNudgesJob, {}, { tenantId: site.tenant.id });
    await app.jobs.drain();
    const words = `${organization.name}: ${s.title}`;
    return {
      address: admin.email,
      firstName: FIRST_NAME[locale],
      // The subject names the organisation and the vacancy, in the admin's language.
      subjectHas:
        locale === "en"
          ? `No reply from ${organization.name} yet: ${s.title}`
          : `Nog geen antwoord van ${words}`,
      path: `/applications/${s.applicationId}`,
    };
  },
  subject: (_site, _locale, sent) => sent.subjectHas ?? "",
  // A scheduled mail takes the site's address from SITE_ORIGINS; not set, the site's
  // development address, which is this test's site.
  link: { path: "/applications/:id" },
};

export const APPLICATION_FLOWS: Record<string, TFlow> = {
  "an application unanswered past the escalation days, to the centre's admins (the hourly job)":
    overdue,
  "a new application, to the organisation's staff (POST /api/v1/applications)": {
    async trigger(app, site, locale) {
      const s = await scene(app, site, { staff: locale, volunteer: "nl" });
      return {
        address: s.staff.email,
        firstName: FIRST_NAME[locale],
        subjectHas: s.title,
        path: `/applications/${s.applicationId}`,
      };
    },
    subject: (_site, locale, sent) =>
      locale === "en"
        ? `New application for ${sent.subjectHas}`
        : `Nieuwe reactie op ${sent.subjectHas}`,
    link: { path: "/applications/:id" },
  },
  "an application accepted, to the volunteer (PUT /api/v1/applications/:id/transition)":
    decided("accept"),
  "an application declined, to the volunteer (PUT /api/v1/applications/:id/transition)":
    decided("decline"),
  "an application withdrawn, to the organisation's staff (PUT …/transition)": {
    async trigger(app, site, locale) {
      const s = await scene(app, site, { staff: locale, volunteer: "nl" });
      await move(app, site, s, "withdraw", s.volunteer);
      return {
        address: s.staff.email,
        firstName: FIRST_NAME[locale],
        subjectHas: `: ${s.title}`,
        path: `/applications/${s.applicationId}`,
      };
    },
    subject: (_site, locale, sent) =>
      locale === "en"
        ? `Application withdrawn${sent.subjectHas}`
        : `Reactie teruggetrokken${sent.subjectHas}`,
    link: { path: "/applications/:id" },
  },
  "an application closed with its vacancy, to the volunteer (PUT /api/v1/vacancies/:id/transition)":
    {
      async trigger(app, site, locale) {
        const s = await scene(app, site, { staff: "nl", volunteer: locale });
        // The organisation's staff close the vacancy; its open applications close with it.
        const res = await app.inject({
          method: "PUT",
          url: `/api/v1/vacancies/${s.vacancyId}/transition`,
          headers: { ...s.staff.headers, ...site.headers, ...json },
          payload: JSON.stringify({
            data: { type: "vacancies", attributes: { status: "closed" } },
          }),
        });
        expect(res.statusCode, res.body).toBe(200);
        await app.jobs.drain();
        return {
          address: s.volunteer.email,
          firstName: FIRST_NAME[locale],
          subjectHas: `${s.title} ${locale === "en" ? "has closed" : "is gesloten"}`,
          path: `/applications/${s.applicationId}`,
        };
      },
      subject: (_site, locale, sent) =>
        locale === "en" ? `The vacancy ${sent.subjectHas}` : `De vacature ${sent.subjectHas}`,
      link: { path: "/applications/:id" },
    },
  "a new message, to the other side (POST /api/v1/conversations/:id/messages)": {
    async trigger(app, site, locale) {
      const s = await scene(app, site, { staff: "nl", volunteer: locale });
      const res = await app.inject({
        method: "POST",
        url: `/api/v1/conversations/${s.conversationId}/messages`,
        headers: { ...s.staff.headers, ...site.headers, ...json },
        payload: JSON.stringify({
          data: { type: "messages", attributes: { body: "Welkom! Kun je zaterdag?" } },
        }),
      });
      expect(res.statusCode, res.body).toBe(201);
      return {
        address: s.volunteer.email,
        firstName: FIRST_NAME[locale],
        subjectHas: `${FIRST_NAME.nl} van Dijk`,
        path: "/conversations",
        query: { id: String(s.conversationId) },
      };
    },
    subject: (_site, locale, sent) =>
      locale === "en"
        ? `New message from ${sent.subjectHas}`
        : `Nieuw bericht van ${sent.subjectHas}`,
    link: { path: "/conversations" },
  },
};
