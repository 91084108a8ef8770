import type { FastifyInstance, FastifyRequest } from "fastify";
import { withTenant } from "../db/client";
import { users } from "../db/schema";
import { userWithEmail } from "../queries/users";
import { confirmationInstructionsIn } from "./confirmable";
import { deviseError, emailParam, param } from "./http";
import { MESSAGES } from "./messages";
import { hashPassword } from "./password";
import { consumeAll, sendTooManyAttempts, type TLimiters } from "./rate-limit";
import { isAllowedRedirect, siteOrigin } from "./redirect-url";
import { addRole } from "./roles";
import { signUpErrors, type TSignUpInput } from "./sign-up-rules";
import { deviseUserJson, type TUser } from "./user-json";

/**
 * devise_token_auth RegistrationsController#create (api-contract §1.4 "POST /auth"): a
 * volunteer signs up. Open to everyone. The account is a volunteer (global role) of the
 * site's centre, active but unconfirmed: it gets the confirmation mail and no auth headers,
 * so nobody is signed in before the address is proven. Nothing goes into the audit log
 * (not an administrative action). See docs/api-registration-invitations.md.
 */

/** devise_token_auth `sign_up_params`: the permitted top-level keys. */
const SIGN_UP_KEYS = [
  "email",
  "password",
  "password_confirmation",
  "first_name",
  "last_name",
  "locale",
] as const;

/** The user as devise_token_auth's `resource_data` renders it: `as_json`, timestamps too. */
function resourceData(user: TUser) {
  return {
    ...deviseUserJson(user),
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}

/** The same for the record that was not saved: no id, no timestamps yet. */
function unsavedData(request: FastifyRequest, input: TSignUpInput) {
  const name = [input.firstName, input.lastName].filter(Boolean).join(" ");
  return {
    id: null,
    email: input.email,
    provider: "email",
    uid: input.email,
    allow_password_change: false,
    name: name === "" ? null : name,
    nickname: null,
    image: null,
    first_name: input.firstName === "" ? null : input.firstName,
    last_name: input.lastName === "" ? null : input.lastName,
    phone: null,
    locale: input.locale,
    status: "active",
    volunteer_center_id: request.volunteerCenterId,
    created_at: null,
    updated_at: null,
  };
}

export async function registrationRoutes(app: FastifyInstance, opts: { limiters: TLimiters }) {
  const { limiters } = opts;
  const hosts = app.config.REDIRECT_HOSTS;

  app.post("/", async (request, reply) => {
    if (SIGN_UP_KEYS.every((key) => param(request, key) === undefined)) {
      return deviseError(reply, 422, [MESSAGES.signUpDataMissing], { status: "error" });
    }
    const input: TSignUpInput = {
      email: emailParam(request) ?? "",
      password: param(request, "password") ?? "",
      passwordConfirmation: param(request, "password_confirmation"),
      firstName: param(request, "first_name")?.trim() ?? "",
      lastName: param(request, "last_name")?.trim() ?? "",
      locale: param(request, "locale") ?? "nl",
    };
    // devise_token_auth checks the redirect before it validates the record.
    const confirmSuccessUrl = param(request, "confirm_success_url");
    if (confirmSuccessUrl === undefined) {
      return deviseError(reply, 422, [MESSAGES.missingConfirmSuccessUrl], {
        status: "error",
        data: unsavedData(request, input),
      });
    }
    if (!isAllowedRedirect(confirmSuccessUrl, hosts)) {
      return deviseError(reply, 422, [MESSAGES.redirectNotAllowed(confirmSuccessUrl)], {
        status: "error",
        data: unsavedData(request, input),
      });
    }
    // It sends mail and hashes a password: counted per IP like the other mail endpoints.
    const wait = await consumeAll([[limiters.mailPerIp, request.ip]]);
    if (wait !== null) return sendTooManyAttempts(reply, wait);

    const tenantId = request.tenant.id;
    const refuse = (emailTaken: boolean) =>
      reply.code(422).send({
        status: "error",
        data: unsavedData(request, input),
        errors: signUpErrors(input, emailTaken, app.authSettings.passwordLength),
      });
    // Any account of the tenant holds its address: invited, archived and unconfirmed too.
    const taken =
      input.email !== "" &&
      (await withTenant(app.db, tenantId, (tx) => userWithEmail(tx, tenantId, input.email)));
    if (taken || signUpErrors(input, false, app.authSettings.passwordLength)) {
      return refuse(Boolean(taken));
    }

    const encryptedPassword = await hashPassword(input.password);
    // The link goes to the site the request came through, else the confirm_success_url's.
    const origin = siteOrigin(request, hosts) ?? new URL(confirmSuccessUrl).origin;
    const registered = await withTenant(app.db, tenantId, async (tx) => {
      // A sign-up that raced this one for the address: the unique index decides.
      const [row] = await tx
        .insert(users)
        .values({
          tenantId,
          email: input.email,
          uid: input.email,
          provider: "email",
          encryptedPassword,
          firstName: input.firstName,
          lastName: input.lastName,
          locale: input.locale,
          status: "active",
          volunteerCenterId: request.volunteerCenterId,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) return row;
      await addRole(tx, tenantId, row.id, "volunteer");
      // The account and its confirmation mail commit together.
      return confirmationInstructionsIn(tx, request, row, origin);
    });
    if (!registered) return refuse(true);
    return { status: "success", data: resourceData(registered) };
  });
}
