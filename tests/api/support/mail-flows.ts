import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { AppDb } from "../../../backend/db/client";
import { organizations, users } from "../../../backend/db/schema";
import { addRole, createOrganization, createUser, TEST_PASSWORD } from "./factories";

/**
 * The invitation, organization and account deletion mails and the auth mails, each as the
 * api sends it: a trigger through the api, the subject it must have in Dutch and in English,
 * where its link must lead, and what proves the link's token works
 * (tests/api/mail-smtp.test.ts).
 */

export type TLocale = "nl" | "en";
export type TSite = {
  db: AppDb;
  tenant: { id: number; slug: string; name: string };
  centre: number;
  /** Headers of every request: the tenant and the site the BFF forwards for. */
  headers: Record<string, string>;
  origin: string;
  /** A centre admin's headers (invitations, approvals). */
  admin: Record<string, string>;
};
type TTriggered = {
  address: string;
  firstName: string;
  subjectHas?: string;
  /** The link's path where it names a record (`/applications/12`), instead of link.path. */
  path?: string;
  /** Query parameters the link must carry. */
  query?: Record<string, string>;
};
export type TFlow = {
  trigger: (app: FastifyInstance, site: TSite, locale: TLocale) => Promise<TTriggered>;
  subject: (site: TSite, locale: TLocale, sent: TTriggered) => string;
  /** The path the mail's link opens on the site, and the query parameter with the token. */
  link: { path: string; token?: string } | null;
  /** Uses the mailed token through the api and checks that it worked. */
  use?: (app: FastifyInstance, site: TSite, token: string, sent: TTriggered) => Promise<void>;
};

const hex = () => randomBytes(4).toString("hex");
/** First names with Dutch letters, so a mangled charset shows. */
export const FIRST_NAME: Record<TLocale, string> = { nl: "Zoë", en: "Chloé" };
const NEW_PASSWORD = "Één-nieuw-wachtwoord-2";

const post = (app: FastifyInstance, site: TSite, url: string, payload: object, extra = {}) =>
  app.inject({ method: "POST", url, headers: { ...site.headers, ...extra }, payload });

async function person(site: TSite, locale: TLocale, attrs: Parameters<typeof createUser>[2] = {}) {
  return createUser(site.db, site.tenant.id, {
    email: `mail-${locale}-${hex()}@example.test`,
    firstName: FIRST_NAME[locale],
    lastName: "van Dijk",
    locale,
    volunteerCenterId: site.centre,
    ...attrs,
  });
}

async function signsIn(app: FastifyInstance, site: TSite, email: string, password: string) {
  const res = await post(app, site, "/auth/sign_in", { email, password });
  expect(res.statusCode, res.body).toBe(200);
}

/** Someone in `locale` signs in and asks for a new address (PUT /auth). */
async function changeAddress(app: FastifyInstance, site: TSite, locale: TLocale) {
  const user = await person(site, locale);
  const signedIn = await post(app, site, "/auth/sign_in", {
    email: user.email,
    password: TEST_PASSWORD,
  });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  const next = `changed-${locale}-${hex()}@example.test`;
  const res = await app.inject({
    method: "PUT",
    url: "/auth",
    headers: {
      ...site.headers,
      "access-token": String(signedIn.headers["access-token"]),
      client: String(signedIn.headers.client),
      uid: String(signedIn.headers.uid),
    },
    payload: { email: next, current_password: TEST_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { user, next };
}

/** An organization waiting for approval, its admin in `locale`; the centre admin decides. */
async function decide(app: FastifyInstance, site: TSite, locale: TLocale, status: string) {
  const name = `Stichting Één Café ${hex()}`;
  const organization = await createOrganization(site.db, site.tenant.id, {
    name,
    status: "pending",
    volunteerCenterId: site.centre,
  });
  const admin = await person(site, locale);
  await addRole(site.db, site.tenant.id, admin.id, "admin", {
    type: "Organization",
    id: organization.id,
  });
  const res = await app.inject({
    method: "PUT",
    url: `/api/v1/organizations/${organization.id}/approve`,
    headers: { ...site.admin, ...site.headers, "content-type": "application/vnd.api+json" },
    payload: JSON.stringify({
      data: { type: "organizations", id: String(organization.id), attributes: { status } },
    }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { address: admin.email, firstName: FIRST_NAME[locale], subjectHas: name };
}

export const FLOWS: Record<string, TFlow> = {
  "confirmation at sign-up (POST /auth)": {
    async trigger(app, site, locale) {
      const email = `signup-${locale}-${hex()}@example.test`;
      const res = await post(app, site, "/auth", {
        email,
        password: TEST_PASSWORD,
        password_confirmation: TEST_PASSWORD,
        confirm_success_url: `${site.origin}/welkom`,
        first_name: FIRST_NAME[locale],
        last_name: "van Dijk",
        locale,
      });
      expect(res.statusCode, res.body).toBe(200);
      return { address: email, firstName: FIRST_NAME[locale] };
    },
    subject: (site, locale) =>
      locale === "en"
        ? `Confirm your email address for ${site.tenant.name}`
        : `Bevestig je e-mailadres voor ${site.tenant.name}`,
    link: { path: "/confirm", token: "confirmation_token" },
    async use(app, site, token, sent) {
      const res = await post(app, site, "/api/v1/confirm", { confirmation_token: token });
      expect(res.statusCode, res.body).toBe(200);
      await signsIn(app, site, sent.address, TEST_PASSWORD);
    },
  },
  "confirmation resent (POST /auth/confirmation)": {
    async trigger(app, site, locale) {
      const user = await person(site, locale, { confirmed: false });
      const res = await post(app, site, "/auth/confirmation", { email: user.email });
      expect(res.statusCode, res.body).toBe(200);
      return { address: user.email, firstName: FIRST_NAME[locale] };
    },
    subject: (site, locale) =>
      locale === "en"
        ? `Confirm your email address for ${site.tenant.name}`
        : `Bevestig je e-mailadres voor ${site.tenant.name}`,
    link: { path: "/confirm", token: "confirmation_token" },
    async use(app, site, token, sent) {
      const res = await post(app, site, "/api/v1/confirm", { confirmation_token: token });
      expect(res.statusCode, res.body).toBe(200);
      await signsIn(app, site, sent.address, TEST_PASSWORD);
    },
  },
  "invitation (POST /api/v1/users)": {
    async trigger(app, site, locale) {
      const email = `invitee-${locale}-${hex()}@example.test`;
      const res = await app.inject({
        method: "POST",
        url: "/api/v1/users",
        headers: { ...site.admin, ...site.headers, "content-type": "application/vnd.api+json" },
        payload: JSON.stringify({
          data: {
            type: "users",
            attributes: {
              email,
              first_name: FIRST_NAME[locale],
              last_name: "van Dijk",
              locale,
              role: "admin",
              resource_type: "Organization",
              resource_id: site.centre,
            },
          },
        }),
      });
      expect(res.statusCode, res.body).toBe(201);
      return { address: email, firstName: FIRST_NAME[locale] };
    },
    subject: (site, locale) =>
      locale === "en"
        ? `You have been invited to ${site.tenant.name}`
        : `Je bent uitgenodigd voor ${site.tenant.name}`,
    link: { path: "/auth/invitation", token: "invitation_token" },
    async use(app, site, token, sent) {
      const res = await app.inject({
        method: "PUT",
        url: "/auth/invitation",
        headers: site.headers,
        payload: {
          invitation_token: token,
          password: NEW_PASSWORD,
          password_confirmation: NEW_PASSWORD,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["access-token"]).toBeTruthy();
      await signsIn(app, site, sent.address, NEW_PASSWORD);
    },
  },
  "password reset (POST /auth/password)": {
    async trigger(app, site, locale) {
      const user = await person(site, locale);
      const res = await post(app, site, "/auth/password", {
        email: user.email,
        redirect_url: `${site.origin}/wachtwoord-herstellen`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return { address: user.email, firstName: FIRST_NAME[locale] };
    },
    subject: (site, locale) =>
      locale === "en"
        ? `Reset your password for ${site.tenant.name}`
        : `Nieuw wachtwoord instellen voor ${site.tenant.name}`,
    link: { path: "/api/auth/password/edit", token: "reset_password_token" },
    async use(app, site, token, sent) {
      const res = await app.inject({
        method: "PUT",
        url: "/auth/password",
        headers: site.headers,
        payload: {
          reset_password_token: token,
          password: NEW_PASSWORD,
          password_confirmation: NEW_PASSWORD,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      await signsIn(app, site, sent.address, NEW_PASSWORD);
    },
  },
  "organization approved (PUT /api/v1/organizations/:id/approve)": {
    trigger: (app, site, locale) => decide(app, site, locale, "approved"),
    subject: (site, locale, sent) =>
      locale === "en"
        ? `${sent.subjectHas} has been approved on ${site.tenant.name}`
        : `${sent.subjectHas} is goedgekeurd op ${site.tenant.name}`,
    link: null,
  },
  "organization denied (PUT /api/v1/organizations/:id/approve)": {
    trigger: (app, site, locale) => decide(app, site, locale, "denied"),
    subject: (site, locale, sent) =>
      locale === "en"
        ? `${sent.subjectHas} has not been approved on ${site.tenant.name}`
        : `${sent.subjectHas} is niet goedgekeurd op ${site.tenant.name}`,
    link: null,
  },
  "organization registered, to the centre's admins (POST /api/v1/organization_registrations)": {
    async trigger(app, site, locale) {
      const admin = await person(site, locale);
      await addRole(site.db, site.tenant.id, admin.id, "admin", {
        type: "Organization",
        id: site.centre,
      });
      const name = `Vereniging Één Café ${hex()}`;
      const res = await post(app, site, "/api/v1/organization_registrations", {
        data: {
          type: "organization_registration",
          attributes: {
            organization: {
              name,
              type: "Organization",
              address: {
                street: "Brink",
                house_number: "1",
                postal_code: "8091 AA",
                city: "Wezep",
              },
            },
            user: {
              first_name: "Sanne",
              last_name: "de Vries",
              email: `registrant-${hex()}@example.test`,
              password: TEST_PASSWORD,
              password_confirmation: TEST_PASSWORD,
            },
          },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      // The organization is the site's centre's, waiting.
      const [row] = await site.db.select().from(organizations).where(eq(organizations.name, name));
      expect(row).toMatchObject({ status: "pending", volunteerCenterId: site.centre });
      return { address: admin.email, firstName: FIRST_NAME[locale], subjectHas: name };
    },
    subject: (_site, locale, sent) =>
      locale === "en"
        ? `New organisation awaiting approval: ${sent.subjectHas}`
        : `Nieuwe organisatie wacht op goedkeuring: ${sent.subjectHas}`,
    link: { path: "/organizations/approve" },
  },
  "account deletion (POST /api/v1/account_deletions)": {
    async trigger(app, site, locale) {
      const user = await person(site, locale);
      const res = await post(app, site, "/api/v1/account_deletions", {
        data: { type: "account_deletion", attributes: { email: user.email } },
      });
      expect(res.statusCode, res.body).toBe(202);
      return { address: user.email, firstName: FIRST_NAME[locale] };
    },
    subject: (site, locale) =>
      locale === "en"
        ? `Confirm the deletion of your ${site.tenant.name} account`
        : `Bevestig het verwijderen van je account bij ${site.tenant.name}`,
    link: { path: "/account/verwijderen", token: "token" },
    async use(app, site, token, sent) {
      const res = await post(app, site, "/api/v1/account_deletions/confirm", {
        data: { type: "account_deletion", attributes: { token } },
      });
      expect(res.statusCode, res.body).toBe(200);
      // Anonymised: the address is gone from the tenant, and nobody signs in with it.
      const [kept] = await site.db.select().from(users).where(eq(users.email, sent.address));
      expect(kept).toBeUndefined();
      const signIn = await post(app, site, "/auth/sign_in", {
        email: sent.address,
        password: TEST_PASSWORD,
      });
      expect(signIn.statusCode).toBe(401);
    },
  },
  "new address confirmation (PUT /auth)": {
    async trigger(app, site, locale) {
      const { next } = await changeAddress(app, site, locale);
      return { address: next, firstName: FIRST_NAME[locale] };
    },
    subject: (site, locale) =>
      locale === "en"
        ? `Confirm your new email address for ${site.tenant.name}`
        : `Bevestig je nieuwe e-mailadres voor ${site.tenant.name}`,
    link: { path: "/confirm", token: "confirmation_token" },
    async use(app, site, token, sent) {
      const res = await post(app, site, "/api/v1/confirm", { confirmation_token: token });
      expect(res.statusCode, res.body).toBe(200);
      await signsIn(app, site, sent.address, TEST_PASSWORD);
    },
  },
  "address change notice to the old address (PUT /auth)": {
    async trigger(app, site, locale) {
      const { user } = await changeAddress(app, site, locale);
      return { address: user.email, firstName: FIRST_NAME[locale] };
    },
    subject: (site, locale) =>
      locale === "en"
        ? `Your email address for ${site.tenant.name} is being changed`
        : `Je e-mailadres voor ${site.tenant.name} wordt gewijzigd`,
    link: null,
  },
  "unlock, after the fifth wrong password (POST /auth/sign_in)": {
    async trigger(app, site, locale) {
      const user = await person(site, locale);
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const res = await post(app, site, "/auth/sign_in", {
          email: user.email,
          password: "wrong",
        });
        expect(res.statusCode).toBe(401);
      }
      return { address: user.email, firstName: FIRST_NAME[locale] };
    },
    subject: (site, locale) =>
      locale === "en"
        ? `Your ${site.tenant.name} account has been locked`
        : `Je account bij ${site.tenant.name} is geblokkeerd`,
    link: { path: "/api/auth/unlock", token: "unlock_token" },
    async use(app, site, token, sent) {
      const res = await app.inject({
        method: "GET",
        url: `/auth/unlock?${new URLSearchParams({ unlock_token: token })}`,
        headers: site.headers,
      });
      expect(res.statusCode, res.body).toBe(302);
      await signsIn(app, site, sent.address, TEST_PASSWORD);
    },
  },
};
