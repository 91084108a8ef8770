import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { withTenant } from "../db/client";
import { answer } from "../http/answer";
import { defineRoute } from "../http/define-route";
import { deviseParams, deviseValues } from "../http/inputs";
import { insertAccount } from "../queries/auth-users";
import { addRole } from "../queries/roles";
import { userWithEmail } from "../queries/users";
import { confirmationInstructionsIn } from "./confirmable";
import { DEVISE_ROUTE, deviseEmail, deviseFailure } from "./http";
import { MESSAGES } from "./messages";
import { hashPassword } from "./password";
import { consumeAll, type TLimiters, tooManyAttempts } from "./rate-limit";
import { isAllowedRedirect, siteOrigin } from "./redirect-url";
import { signUpErrors, type TSignUpInput } from "./sign-up-rules";
import { deviseResourceData, ZDeviseResourceData } from "./user-json";

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

const SIGN_UP = deviseParams({
  email: "The new account's address",
  password: "Its password",
  password_confirmation: "The password again",
  first_name: "First name",
  last_name: "Last name",
  locale: "Language (default nl)",
  confirm_success_url: "Where devise_token_auth would go after confirming (an allowed host)",
});

export async function registrationRoutes(app: FastifyInstance, opts: { limiters: TLimiters }) {
  const { limiters } = opts;
  const hosts = app.config.REDIRECT_HOSTS;

  // Its own transactions, after the mail limit: argon2 holds no connection, and the
  // account, its role and its confirmation mail commit together.
  defineRoute(app, {
    ...DEVISE_ROUTE,
    method: "POST",
    url: "/",
    summary: "Volunteer sign-up: an unconfirmed account and its confirmation mail, no session",
    auth: "public",
    transaction: "none",
    query: SIGN_UP.query,
    body: SIGN_UP.body,
    response: z.object({ status: z.literal("success"), data: ZDeviseResourceData }),
    handler: async ({ request, query, body }) => {
      const values = deviseValues(query, body);
      if (SIGN_UP_KEYS.every((key) => values[key] === undefined)) {
        return deviseFailure(422, [MESSAGES.signUpDataMissing], { status: "error" });
      }
      const input: TSignUpInput = {
        email: deviseEmail(values.email) ?? "",
        password: values.password ?? "",
        passwordConfirmation: values.password_confirmation,
        firstName: values.first_name?.trim() ?? "",
        lastName: values.last_name?.trim() ?? "",
        locale: values.locale ?? "nl",
      };
      // devise_token_auth checks the redirect before it validates the record.
      const confirmSuccessUrl = values.confirm_success_url;
      if (confirmSuccessUrl === undefined) {
        return deviseFailure(422, [MESSAGES.missingConfirmSuccessUrl], {
          status: "error",
          data: unsavedData(request, input),
        });
      }
      if (!isAllowedRedirect(confirmSuccessUrl, hosts)) {
        return deviseFailure(422, [MESSAGES.redirectNotAllowed(confirmSuccessUrl)], {
          status: "error",
          data: unsavedData(request, input),
        });
      }
      // It sends mail and hashes a password: counted per IP like the other mail endpoints.
      const wait = await consumeAll([[limiters.mailPerIp, request.ip]]);
      if (wait !== null) return tooManyAttempts(wait);

      const tenantId = request.tenant.id;
      const refuse = (emailTaken: boolean) =>
        answer(422, {
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
        const row = await insertAccount(tx, {
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
        });
        if (!row) return row;
        await addRole(tx, tenantId, row.id, "volunteer");
        // The account and its confirmation mail commit together.
        return confirmationInstructionsIn(tx, request, row, origin);
      });
      if (!registered) return refuse(true);
      return { status: "success", data: deviseResourceData(registered) };
    },
  });
}
