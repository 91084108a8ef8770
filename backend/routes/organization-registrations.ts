import type { FastifyInstance, FastifyRequest } from "fastify";
import { confirmationInstructionsIn } from "../auth/confirmable";
import { deliver, templateOf } from "../auth/mails";
import { MESSAGES } from "../auth/messages";
import { hashPassword } from "../auth/password";
import { passwordErrors } from "../auth/password-rules";
import { consumeAll, sharedLimiters } from "../auth/rate-limit";
import { siteOrigin } from "../auth/redirect-url";
import type { TAuthSettings } from "../auth/settings";
import type { TUser } from "../auth/user-json";
import { type AppDb, withTenant } from "../db/client";
import {
  type TOrganizationRegistration,
  ZOrganizationRegistration,
} from "../domain/organization-input";
import { AppError, type TErrorItem } from "../errors";
import { defineRoute } from "../http/define-route";
import { attributesBody } from "../http/inputs";
import { isObject } from "../jsonapi/document-attributes";
import {
  invalidAttribute,
  parameterMissing,
  unprocessable,
  validationError,
} from "../jsonapi/validation";
import { organizationRegisteredMail } from "../mail/templates/organization-registered";
import { emailTaken, registerOrganization } from "../queries/organization-registrations";
import {
  organizationAdmins,
  type TOrganization,
  withOrganizationRelations,
} from "../queries/organizations";
import {
  isUniqueViolation,
  organizationDocument,
  organizationQuery,
  organizationWithVacanciesResource,
} from "./organization-documents";

/**
 * POST /api/v1/organization_registrations: organisation sign-up (spec §2
 * /organizations/signup; docs/api-organization-signup.md). Public, for anyone (policy
 * organizations.register); a session, if any, plays no part: the `user` of the body
 * becomes the organization's first admin. Every request counts against the per-IP mail
 * limit of auth/rate-limit.ts, valid or not: the endpoint sends mail and, through
 * 'taken', tells whether an address has an account.
 */

const TYPES = ["organization_registration", "organization_registrations"];

/** `{data: {type: "organization_registration", attributes: {organization, user}}}`. */
function attributesOf(body: unknown): Record<string, unknown> {
  if (!isObject(body) || !isObject(body.data)) throw parameterMissing("data");
  const { type, attributes } = body.data;
  if (type !== undefined && !TYPES.includes(String(type))) {
    throw unprocessable([
      invalidAttribute(["type"], "is not included in the list", "inclusion", "/data"),
    ]);
  }
  if (!isObject(attributes)) throw parameterMissing("attributes");
  return attributes;
}

/** devise validatable's password messages, as 422 items on the nested user. */
const PASSWORD_CODES: [RegExp, string][] = [
  [/^can't be blank/, "blank"],
  [/^doesn't match/, "confirmation"],
  [/^is too short/, "too_short"],
  [/^is too long/, "too_long"],
];
function passwordItems(user: unknown, length: TAuthSettings["passwordLength"]): TErrorItem[] {
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  const fields = isObject(user) ? user : {};
  const errors = passwordErrors(text(fields.password), text(fields.password_confirmation), length);
  if (!errors) return [];
  return (["password", "password_confirmation"] as const).flatMap((field) =>
    (errors[field] ?? []).map((message) =>
      invalidAttribute(
        ["user", field],
        message,
        PASSWORD_CODES.find(([pattern]) => pattern.test(message))?.[1] ?? "invalid",
      ),
    ),
  );
}

/** Every problem of the body in one 422: the schema's and the password rules'. */
function parseRegistration(
  body: unknown,
  length: TAuthSettings["passwordLength"],
): TOrganizationRegistration & { user: { password: string } } {
  const attributes = attributesOf(body);
  const parsed = ZOrganizationRegistration.safeParse(attributes);
  const items = parsed.success ? [] : validationError(parsed.error, attributes).items;
  items.push(...passwordItems(attributes.user, length));
  if (!parsed.success || items.length > 0) throw unprocessable(items);
  return {
    ...parsed.data,
    user: { ...parsed.data.user, password: parsed.data.user.password ?? "" },
  };
}

const emailTakenError = () =>
  unprocessable([invalidAttribute(["user", "email"], "has already been taken", "taken")]);

type TCreated = { organization: TOrganization; user: TUser };

/** In the sign-up's transaction: the confirmation to the new admin and the news to the
 *  centre's admins are enqueued with the organization and account they are about. */
async function mailAfterSignUp(
  tx: AppDb,
  request: FastifyRequest,
  centreId: number,
  { organization, user }: TCreated,
) {
  const origin = siteOrigin(request, request.server.config.REDIRECT_HOSTS);
  await confirmationInstructionsIn(tx, request, user, origin);
  const tenantId = request.tenant.id;
  const admins = await organizationAdmins(tx, tenantId, centreId);
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  for (const admin of admins) {
    const mail = organizationRegisteredMail({
      ...(await templateOf(tx, request, admin, "organization.registered")),
      locale: admin.locale,
      tenantName: request.tenant.name,
      firstName: admin.firstName,
      organizationName: organization.name,
      registrant: { name, email: user.email },
      link: origin ? `${origin}/organizations/approve` : null,
    });
    await deliver(tx, request, admin, mail);
  }
}

export async function organizationRegistrationRoutes(app: FastifyInstance) {
  // The mail budget /auth and account deletion draw on: a sign-up sends mail too.
  const limiters = sharedLimiters(app);
  const length = app.authSettings.passwordLength;

  // Its own transaction: argon2 runs before it, so no connection waits on the hash.
  defineRoute(app, {
    method: "POST",
    url: "/organization_registrations",
    summary: "Organisation sign-up: a pending organization and its first admin (unconfirmed)",
    auth: "public",
    transaction: "none",
    // Every request counts, valid or not, so the limit comes before the inputs.
    beforeInputs: async (request) => {
      const wait = await consumeAll([[limiters.mailPerIp, request.ip]]);
      if (wait !== null) {
        throw new AppError("too_many_requests", MESSAGES.tooManyAttempts, {
          headers: { "retry-after": String(wait) },
        });
      }
    },
    query: organizationQuery,
    body: {
      parse: (raw) => parseRegistration(raw, length),
      bodySchema: () =>
        attributesBody(ZOrganizationRegistration, { types: TYPES }).bodySchema?.() ?? {},
    },
    // The site's centre is what the organization joins; a site without one takes none.
    load: async ({ volunteerCenterId }) => {
      if (volunteerCenterId === null) {
        throw unprocessable([
          {
            source: { pointer: "" },
            detail: "This site has no volunteer centre.",
            code: "invalid",
          },
        ]);
      }
      return volunteerCenterId;
    },
    // The session plays no part (see the header): the rule is asked as for anyone.
    action: "organizations.register",
    facts: ({ body }, centreId) => ({ type: body.organization.type, volunteerCenterId: centreId }),
    status: 201,
    response: { resource: organizationWithVacanciesResource, many: false },
    handler: async ({ request, query, body: input }, centreId) => {
      const tenantId = request.tenant.id;
      const digest = await hashPassword(input.user.password);
      let created: TCreated;
      try {
        created = await withTenant(app.db, tenantId, async (tx) => {
          if (await emailTaken(tx, tenantId, input.user.email)) throw emailTakenError();
          const registered = await registerOrganization(tx, tenantId, centreId, input, digest);
          await mailAfterSignUp(tx, request, centreId, registered);
          return registered;
        });
      } catch (error) {
        // Two sign-ups raced for one address: the unique index decided and all rolled back.
        if (isUniqueViolation(error)) throw emailTakenError();
        throw error;
      }
      const [organization] = await withTenant(app.db, tenantId, (tx) =>
        withOrganizationRelations(tx, tenantId, [created.organization]),
      );
      return organizationDocument(organization, query);
    },
  });
}
