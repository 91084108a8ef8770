import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { isDeviseEmail, USER_LIMITS } from "../../lib/contract/user";
import { answer } from "../http/answer";
import { defineRoute } from "../http/define-route";
import { deviseParams, deviseValues } from "../http/inputs";
import { emailHeldByOther } from "../queries/email-changes";
import { requestEmailChangeIn } from "./confirmable";
import { DEVISE_ROUTE, deviseEmail, deviseFailure } from "./http";
import { MESSAGES } from "./messages";
import { verifyPassword } from "./password";
import { accountKey, consumeAll, type TLimiters, tooManyAttempts } from "./rate-limit";
import { isAllowedRedirect, siteOrigin } from "./redirect-url";
import { deviseResourceData, type TUser, ZDeviseResourceData } from "./user-json";

/**
 * devise_token_auth RegistrationsController#update (api-contract §1.4 "PUT /auth") with
 * devise's `update_with_password` and confirmable's reconfirmable: the signed-in user asks
 * to change their address. Nothing else changes here (name, phone, locale: PATCH
 * /api/v1/current_user; the password: PUT /auth/password). The address itself changes only
 * when the link mailed to the new one is followed (confirmable.ts), so a session in the
 * wrong hands cannot move the account to another mailbox unnoticed: the password is asked,
 * and the current address hears of it. See docs/api-email-change.md.
 */

/** devise's default `account_update` keys: with none of them the body is no update. */
const ACCOUNT_UPDATE_KEYS = ["email", "password", "password_confirmation", "current_password"];

const UPDATE = deviseParams({
  email: "The new address; it takes effect once the link mailed there is followed",
  current_password: "The account's password (devise update_with_password)",
  password: "Not changed here (PUT /auth/password); a value is refused",
  password_confirmation: "Not read",
  confirm_success_url: "Optional: checked against the allowed hosts, as at sign-up",
});

/** The registrations controller's user, with the address waiting for confirmation. */
const accountData = (user: TUser) => ({
  ...deviseResourceData(user),
  unconfirmed_email: user.unconfirmedEmail,
});

/** devise_token_auth's `render_update_error`: `{status, errors: {field: [...], full_messages}}`. */
function updateErrors(field: string, label: string, message: string) {
  return answer(422, {
    status: "error",
    errors: { [field]: [message], full_messages: [`${label} ${message}`] },
  });
}

/** devise_token_auth's email validation, then ours: the address must be another one. */
function emailError(email: string, current: string): string | null {
  if (email === "") return "can't be blank";
  if (!isDeviseEmail(email)) return "is not an email";
  if (email.length > USER_LIMITS.email) {
    return `is too long (maximum is ${USER_LIMITS.email} characters)`;
  }
  if (email === current) return "is the same as the current one";
  return null;
}

export async function emailChangeRoutes(app: FastifyInstance, opts: { limiters: TLimiters }) {
  const { limiters } = opts;
  const hosts = app.config.REDIRECT_HOSTS;

  // Rails routes both verbs of `resource :registration` to #update.
  for (const method of ["PUT", "PATCH"] as const) {
    // The request's transaction: the session's user, its rotation as on every signed-in
    // devise route, and the change with both mails enqueued in it.
    defineRoute(app, {
      ...DEVISE_ROUTE,
      method,
      url: "/",
      summary: "Change the signed-in user's address: it waits for confirmation from the new one",
      auth: "optional",
      query: UPDATE.query,
      body: UPDATE.body,
      response: z.object({
        status: z.literal("success"),
        data: ZDeviseResourceData.extend({ unconfirmed_email: z.string().nullable() }),
      }),
      handler: async ({ tx, request, session, query, body }) => {
        const values = deviseValues(query, body);
        // devise_token_auth's before_actions, in their order: the body, then the user.
        if (ACCOUNT_UPDATE_KEYS.every((key) => values[key as keyof typeof values] === undefined)) {
          return deviseFailure(422, [MESSAGES.accountUpdateDataMissing], { status: "error" });
        }
        if (!session) return deviseFailure(404, [MESSAGES.accountNotFound], { status: "error" });
        // An admin signed in as the user does not move the account to another mailbox.
        if (session.impersonatorId !== null) {
          return deviseFailure(403, [MESSAGES.notWhileImpersonating]);
        }
        const redirect = values.confirm_success_url;
        if (redirect !== undefined && !isAllowedRedirect(redirect, hosts)) {
          return deviseFailure(422, [MESSAGES.redirectNotAllowed(redirect)], {
            status: "error",
            data: null,
          });
        }
        if (values.password) {
          return updateErrors(
            "password",
            "Password",
            "can only be changed with PUT /auth/password",
          );
        }
        const user = session.user;
        // Two mails and a password check: counted like the other mail-sending endpoints,
        // before the password, so the check is no unlimited guessing oracle either.
        const wait = await consumeAll([
          [limiters.mailPerIp, request.ip],
          [limiters.mailPerAccount, accountKey(request.tenant.id, user.email)],
        ]);
        if (wait !== null) return tooManyAttempts(wait);

        // devise update_with_password. Only this error when it fails: the address is not
        // looked at for someone who could not give the password.
        const current = values.current_password ?? "";
        if (current === "") {
          return updateErrors("current_password", "Current password", "can't be blank");
        }
        if (!(await verifyPassword(user.encryptedPassword, current))) {
          return updateErrors("current_password", "Current password", "is invalid");
        }

        const email = deviseEmail(values.email) ?? "";
        const invalid = emailError(email, user.email);
        if (invalid) return updateErrors("email", "Email", invalid);
        // Any account of the tenant holds its address, and so does another one's pending
        // change (docs/api-email-change.md). Asking again for one's own pending address
        // sends a new link.
        if (await emailHeldByOther(tx, request.tenant.id, user.id, email, { pending: true })) {
          return updateErrors("email", "Email", "has already been taken");
        }

        // The link goes to the site the request came through, else confirm_success_url's.
        const origin = siteOrigin(request, hosts) ?? (redirect ? new URL(redirect).origin : null);
        const updated = await requestEmailChangeIn(tx, request, user, email, origin);
        return { status: "success", data: accountData(updated) };
      },
    });
  }
}
