import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { withTenant } from "../db/client";
import type { TActivityAction } from "../db/schema";
import { answer, type RouteAnswer, redirectAnswer } from "../http/answer";
import { defineRoute } from "../http/define-route";
import { deviseParams, deviseValues } from "../http/inputs";
import { resetPasswordMail } from "../mail/templates/reset-password";
import { recordActivity } from "../queries/activity-events";
import { updateAuthUser, userByTokenDigest } from "../queries/auth-users";
import { authActivity } from "./activity";
import { DEVISE_ROUTE, deviseEmail, deviseFailure, railsNotFound } from "./http";
import { isLocked, UNLOCKED } from "./lockable";
import { mailRecipient } from "./mail-recipient";
import { deliver, templateOf } from "./mails";
import { MESSAGES } from "./messages";
import { hashPassword } from "./password";
import { passwordErrors } from "./password-rules";
import type { TLimiters } from "./rate-limit";
import { isAllowedRedirect, withQuery } from "./redirect-url";
import { signInRefusal } from "./sign-in-rules";
import { issueClientToken } from "./token-store";
import { randomToken, tokenDigest } from "./tokens";
import { deviseUserJson, type TUser, ZDeviseMessage, ZDeviseUser } from "./user-json";
import { findUserByMailedToken } from "./users-query";

/**
 * devise_token_auth PasswordsController in client-token mode (api-contract §1.4,
 * docs/decisions.md Auth): POST /auth/password mails a link to the web's
 * /api/auth/password/edit, GET /auth/password/edit redirects to the reset page with the
 * token, PUT /auth/password sets the password (by auth headers or by that token).
 */

/** `validate_redirect_url_param`: the URL, or devise's answer to a missing or foreign one. */
function checkedRedirect(request: FastifyRequest, url: string | undefined): string | RouteAnswer {
  if (!url) return deviseFailure(401, [MESSAGES.missingRedirectUrl]);
  if (!isAllowedRedirect(url, request.server.config.REDIRECT_HOSTS)) {
    return deviseFailure(422, [MESSAGES.redirectNotAllowed(url)], { status: "error", data: null });
  }
  return url;
}

/** devise recoverable `reset_password_period_valid?`. */
function resetTokenValid(request: FastifyRequest, user: TUser | null): user is TUser {
  const sentAt = user?.resetPasswordSentAt;
  if (!sentAt) return false;
  const settings = request.server.authSettings;
  return settings.now().getTime() < sentAt.getTime() + settings.resetPasswordWithinMs;
}

const REDIRECT_URL = "Where the reset link leads (an allowed host)";
const REQUEST_RESET = deviseParams({
  email: "The account's address",
  redirect_url: REDIRECT_URL,
  config_name: "devise_token_auth's config name, passed along in the link",
});
const EDIT = deviseParams({
  redirect_url: REDIRECT_URL,
  reset_password_token: "The mailed token",
  config_name: "devise_token_auth's config name (not read)",
});
const UPDATE = deviseParams({
  reset_password_token: "The mailed token; without it, the signed-in user's password",
  password: "The new password",
  password_confirmation: "The new password again",
});

export async function passwordRoutes(app: FastifyInstance, opts: { limiters: TLimiters }) {
  const { limiters } = opts;

  // Its own transaction, after the mail limits: asked by anyone who knows an address.
  defineRoute(app, {
    ...DEVISE_ROUTE,
    method: "POST",
    url: "/password",
    summary: "Mail a password reset link",
    auth: "public",
    transaction: "none",
    query: REQUEST_RESET.query,
    body: REQUEST_RESET.body,
    response: ZDeviseMessage,
    handler: async ({ request, query, body }) => {
      const values = deviseValues(query, body);
      const redirectUrl = checkedRedirect(request, values.redirect_url);
      if (typeof redirectUrl !== "string") return redirectUrl;
      const email = deviseEmail(values.email);
      if (!email) return deviseFailure(401, [MESSAGES.missingEmail]);
      const found = await mailRecipient(request, limiters, email);
      if ("refusal" in found) return found.refusal;
      const { user } = found;
      const raw = randomToken();
      // Through the web's BFF (the api need not be public), in alphabetical order like Rails.
      const linkQuery = new URLSearchParams({
        config: values.config_name ?? "default",
        redirect_url: redirectUrl,
        reset_password_token: raw,
      });
      const link = `${new URL(redirectUrl).origin}/api/auth/password/edit?${linkQuery}`;
      await withTenant(app.db, request.tenant.id, async (tx) => {
        await updateAuthUser(tx, user.id, {
          resetPasswordToken: tokenDigest(raw),
          resetPasswordSentAt: app.authSettings.now(),
        });
        // Only here, where the account exists; the answer is the same with or without it.
        // Actor null: anyone who knows the address may ask, so it is not known to be the user.
        const event = authActivity(request, user, "password_reset_requested", null);
        await recordActivity(tx, event, request.log);
        await deliver(
          tx,
          request,
          user,
          resetPasswordMail({
            ...(await templateOf(tx, request, user, "auth.reset_password")),
            locale: user.locale,
            tenantName: request.tenant.name,
            firstName: user.firstName,
            link,
          }),
        );
      });
      return { success: true, message: MESSAGES.passwordSent(email) };
    },
  });

  defineRoute(app, {
    ...DEVISE_ROUTE,
    method: "GET",
    url: "/password/edit",
    summary: "The mailed reset link: redirects to the reset page with the token",
    auth: "public",
    transaction: "none",
    query: EDIT.query,
    status: 302,
    handler: async ({ request, query }) => {
      const values = deviseValues(query, undefined);
      const redirectUrl = checkedRedirect(request, values.redirect_url);
      if (typeof redirectUrl !== "string") return redirectUrl;
      const raw = values.reset_password_token;
      const tenantId = request.tenant.id;
      const user = await findUserByMailedToken(app.db, tenantId, "resetPasswordToken", raw);
      if (!raw || !resetTokenValid(request, user)) return railsNotFound();
      // The mail proved the address: confirm it, and allow one change without the old password.
      await withTenant(app.db, tenantId, async (tx) => {
        await updateAuthUser(tx, user.id, {
          allowPasswordChange: true,
          confirmedAt: user.confirmedAt ?? app.authSettings.now(),
        });
        if (!user.confirmedAt) {
          const event = authActivity(request, user, "account_confirmed", user.id);
          await recordActivity(tx, event, request.log);
        }
      });
      // Client-token mode: only the reset token travels, never an access token.
      return redirectAnswer(
        withQuery(redirectUrl, { reset_password: "true", reset_password_token: raw }),
      );
    },
  });

  // The request's transaction: by auth headers it is the session's user, rotated as usual.
  defineRoute(app, {
    ...DEVISE_ROUTE,
    method: "PUT",
    url: "/password",
    summary: "Set the password, by the mailed reset token or as the signed-in user",
    auth: "optional",
    query: UPDATE.query,
    body: UPDATE.body,
    response: z.object({ success: z.literal(true), data: ZDeviseUser, message: z.string() }),
    handler: async ({ tx, request, session, query, body }) => {
      const values = deviseValues(query, body);
      const tenantId = request.tenant.id;
      const raw = values.reset_password_token;
      let user: TUser | null;
      if (raw) {
        // The token decides whose password this is; headers of someone else are not rotated.
        session?.skipRotation();
        const found = await userByTokenDigest(tx, tenantId, "resetPasswordToken", tokenDigest(raw));
        user = resetTokenValid(request, found) ? found : null;
      } else {
        // A password set by an admin signed in as the user would let them back in later,
        // unaudited (docs/impersonation-and-account-deletion.md).
        if (session && session.impersonatorId !== null) {
          return deviseFailure(403, [MESSAGES.notWhileImpersonating]);
        }
        user = session?.user ?? null;
      }
      if (!user) return deviseFailure(401, [MESSAGES.unauthorized]);
      if (user.provider !== "email") {
        return deviseFailure(422, [MESSAGES.passwordNotRequired(user.provider)]);
      }
      const password = values.password;
      const confirmation = values.password_confirmation;
      if (password === undefined || confirmation === undefined) {
        return deviseFailure(422, [MESSAGES.missingPasswords]);
      }
      const errors = passwordErrors(password, confirmation, app.authSettings.passwordLength);
      if (errors) return deviseFailure(422, errors);

      const encryptedPassword = await hashPassword(password);
      const now = app.authSettings.now();
      const target = user;
      // devise_invitable: a password reset accepts a pending invitation (api-contract §1.5).
      const accepting = target.status === "invited" || target.invitationToken !== null;
      const status = target.status === "invited" ? "active" : target.status;
      // By reset token: a fresh client, so the web can sign the user in right away, unless
      // that user may not sign in here.
      const issue = Boolean(raw) && !(await signInRefusal(request, { ...target, status }, tx));
      const updated = await updateAuthUser(tx, target.id, {
        encryptedPassword,
        resetPasswordToken: null,
        resetPasswordSentAt: null,
        allowPasswordChange: false,
        ...UNLOCKED,
        confirmedAt: target.confirmedAt ?? now,
        status,
        ...(accepting ? { invitationToken: null, invitationAcceptedAt: now } : {}),
      });
      const headers = issue ? await issueClientToken(tx, updated, app.authSettings) : null;
      // What this change did, each by the user (a session or the mailed token proved it),
      // newest last: a reset confirms and unlocks the account, and its fresh client token
      // is a sign-in.
      const actions: TActivityAction[] = [
        ...(target.confirmedAt ? [] : ["account_confirmed" as const]),
        ...(isLocked(target, now, app.authSettings) ? ["account_unlocked" as const] : []),
        "password_changed",
        ...(headers ? ["signed_in" as const] : []),
      ];
      for (const action of actions) {
        await recordActivity(tx, authActivity(request, updated, action, target.id), request.log);
      }
      const result = {
        success: true,
        data: deviseUserJson(updated),
        message: MESSAGES.passwordUpdated,
      };
      return headers ? answer(200, result, { headers }) : result;
    },
  });
}
