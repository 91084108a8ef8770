import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { withTenant } from "../db/client";
import { type TActivityAction, users } from "../db/schema";
import { resetPasswordMail } from "../mail/templates/reset-password";
import { recordActivity } from "../queries/activity-events";
import { authActivity } from "./activity";
import { impersonatorIdOf, optionalAuthenticate, skipRotation } from "./authenticate";
import { deviseError, emailParam, param, sendRailsNotFound } from "./http";
import { isLocked, UNLOCKED } from "./lockable";
import { mailRecipient } from "./mail-recipient";
import { deliver } from "./mails";
import { MESSAGES } from "./messages";
import { hashPassword } from "./password";
import { passwordErrors } from "./password-rules";
import type { TLimiters } from "./rate-limit";
import { isAllowedRedirect, withQuery } from "./redirect-url";
import { signInRefusal } from "./sign-in-rules";
import { issueClientToken } from "./token-store";
import { randomToken, tokenDigest } from "./tokens";
import { deviseUserJson, type TUser } from "./user-json";
import { findUserByMailedToken } from "./users-query";

/**
 * devise_token_auth PasswordsController in client-token mode (api-contract §1.4,
 * docs/decisions.md Auth): POST /auth/password mails a link to the web's
 * /api/auth/password/edit, GET /auth/password/edit redirects to the reset page with the
 * token, PUT /auth/password sets the password (by auth headers or by that token).
 */

/** `validate_redirect_url_param`: sends the error and returns null, or the URL. */
function checkedRedirect(request: FastifyRequest, reply: FastifyReply): string | null {
  const url = param(request, "redirect_url");
  if (!url) {
    deviseError(reply, 401, [MESSAGES.missingRedirectUrl]);
    return null;
  }
  if (!isAllowedRedirect(url, request.server.config.REDIRECT_HOSTS)) {
    deviseError(reply, 422, [MESSAGES.redirectNotAllowed(url)], { status: "error", data: null });
    return null;
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

export async function passwordRoutes(app: FastifyInstance, opts: { limiters: TLimiters }) {
  const { limiters } = opts;

  app.post("/password", async (request, reply) => {
    const redirectUrl = checkedRedirect(request, reply);
    if (!redirectUrl) return reply;
    const email = emailParam(request);
    if (!email) return deviseError(reply, 401, [MESSAGES.missingEmail]);
    const user = await mailRecipient(app, request, reply, limiters, email);
    if (!user) return reply;
    const raw = randomToken();
    // Through the web's BFF (the api need not be public), in alphabetical order like Rails.
    const query = new URLSearchParams({
      config: param(request, "config_name") ?? "default",
      redirect_url: redirectUrl,
      reset_password_token: raw,
    });
    const link = `${new URL(redirectUrl).origin}/api/auth/password/edit?${query}`;
    await withTenant(app.db, request.tenant.id, async (tx) => {
      await tx
        .update(users)
        .set({ resetPasswordToken: tokenDigest(raw), resetPasswordSentAt: app.authSettings.now() })
        .where(eq(users.id, user.id));
      // Only here, where the account exists; the answer is the same with or without it.
      // Actor null: anyone who knows the address may ask, so it is not known to be the user.
      const event = authActivity(request, user, "password_reset_requested", null);
      await recordActivity(tx, event, request.log);
      await deliver(
        tx,
        request,
        user,
        resetPasswordMail({
          locale: user.locale,
          tenantName: request.tenant.name,
          firstName: user.firstName,
          link,
        }),
      );
    });
    return { success: true, message: MESSAGES.passwordSent(email) };
  });

  app.get("/password/edit", async (request, reply) => {
    const redirectUrl = checkedRedirect(request, reply);
    if (!redirectUrl) return reply;
    const raw = param(request, "reset_password_token");
    const user = await findUserByMailedToken(app.db, request.tenant.id, "resetPasswordToken", raw);
    if (!raw || !resetTokenValid(request, user)) return sendRailsNotFound(reply);
    // The mail proved the address: confirm it, and allow one change without the old password.
    await withTenant(app.db, request.tenant.id, async (tx) => {
      await tx
        .update(users)
        .set({ allowPasswordChange: true, confirmedAt: user.confirmedAt ?? app.authSettings.now() })
        .where(eq(users.id, user.id));
      if (!user.confirmedAt) {
        const event = authActivity(request, user, "account_confirmed", user.id);
        await recordActivity(tx, event, request.log);
      }
    });
    // Client-token mode: only the reset token travels, never an access token.
    return reply.redirect(
      withQuery(redirectUrl, { reset_password: "true", reset_password_token: raw }),
      302,
    );
  });

  app.put("/password", { preHandler: optionalAuthenticate }, async (request, reply) => {
    const raw = param(request, "reset_password_token");
    let user: TUser | null;
    if (raw) {
      // The token decides whose password this is; headers of someone else are not rotated.
      skipRotation(request);
      const found = await findUserByMailedToken(
        app.db,
        request.tenant.id,
        "resetPasswordToken",
        raw,
      );
      user = resetTokenValid(request, found) ? found : null;
    } else {
      // A password set by an admin signed in as the user would let them back in later,
      // unaudited (docs/impersonation-and-account-deletion.md).
      if (impersonatorIdOf(request) !== null) {
        return deviseError(reply, 403, [MESSAGES.notWhileImpersonating]);
      }
      user = request.user;
    }
    if (!user) return deviseError(reply, 401, [MESSAGES.unauthorized]);
    if (user.provider !== "email") {
      return deviseError(reply, 422, [MESSAGES.passwordNotRequired(user.provider)]);
    }
    const password = param(request, "password");
    const confirmation = param(request, "password_confirmation");
    if (password === undefined || confirmation === undefined) {
      return deviseError(reply, 422, [MESSAGES.missingPasswords]);
    }
    const errors = passwordErrors(password, confirmation, app.authSettings.passwordLength);
    if (errors) return deviseError(reply, 422, errors);

    const encryptedPassword = await hashPassword(password);
    const now = app.authSettings.now();
    const target = user;
    // devise_invitable: a password reset accepts a pending invitation (api-contract §1.5).
    const accepting = target.status === "invited" || target.invitationToken !== null;
    const status = target.status === "invited" ? "active" : target.status;
    // By reset token: a fresh client, so the web can sign the user in right away, unless
    // that user may not sign in here. Decided before the transaction (no nested one).
    const issue = Boolean(raw) && !(await signInRefusal(request, { ...target, status }));
    const result = await withTenant(app.db, request.tenant.id, async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({
          encryptedPassword,
          resetPasswordToken: null,
          resetPasswordSentAt: null,
          allowPasswordChange: false,
          ...UNLOCKED,
          confirmedAt: target.confirmedAt ?? now,
          status,
          ...(accepting ? { invitationToken: null, invitationAcceptedAt: now } : {}),
        })
        .where(eq(users.id, target.id))
        .returning();
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
      return { user: updated, headers };
    });
    if (result.headers) reply.headers(result.headers);
    return { success: true, data: deviseUserJson(result.user), message: MESSAGES.passwordUpdated };
  });
}
