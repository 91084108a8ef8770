import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { withTenant } from "../db/client";
import type { TActivityAction } from "../db/schema";
import { answer } from "../http/answer";
import { defineRoute } from "../http/define-route";
import { deviseParams, deviseValues } from "../http/inputs";
import { recordActivity } from "../queries/activity-events";
import { acceptPendingInvitation } from "../queries/auth-users";
import { authActivity } from "./activity";
import { DEVISE_ROUTE, deviseFailure } from "./http";
import { findPendingInvitation } from "./invitable";
import { MESSAGES } from "./messages";
import { hashPassword } from "./password";
import { passwordErrors } from "./password-rules";
import { signInRefusal } from "./sign-in-rules";
import { issueClientToken } from "./token-store";
import { deviseUserJson, ZDeviseUser } from "./user-json";

/**
 * devise_invitable's InvitationsController for token clients
 * (docs/api-registration-invitations.md): GET /auth/invitation says whom a pending
 * invitation is for, so the web's accept page can show it; PUT /auth/invitation accepts it
 * with a password and signs the invitee in. Open to everyone: the mailed token is the proof.
 * Any token that is not a pending, unexpired invitation is the same 404.
 */

const TOKEN = "The mailed invitation token";
const SHOW = deviseParams({ invitation_token: TOKEN });
const ACCEPT = deviseParams({
  invitation_token: TOKEN,
  password: "The invitee's password",
  password_confirmation: "The password again",
});

export async function invitationRoutes(app: FastifyInstance) {
  const notFound = () => deviseFailure(404, [MESSAGES.invitationInvalid]);

  defineRoute(app, {
    ...DEVISE_ROUTE,
    method: "GET",
    url: "/invitation",
    summary: "Whom a pending invitation is for (the accept page shows it)",
    auth: "public",
    transaction: "none",
    query: SHOW.query,
    response: z.object({
      success: z.literal(true),
      data: z.object({
        email: z.string(),
        first_name: z.string().nullable(),
        last_name: z.string().nullable(),
      }),
    }),
    handler: async ({ request, query }) => {
      const raw = deviseValues(query, undefined).invitation_token;
      const user = await findPendingInvitation(request, raw);
      if (!user) return notFound();
      return {
        success: true,
        data: { email: user.email, first_name: user.firstName, last_name: user.lastName },
      };
    },
  });

  // Its own transactions: argon2 runs before the one that accepts, which holds no
  // connection meanwhile.
  defineRoute(app, {
    ...DEVISE_ROUTE,
    method: "PUT",
    url: "/invitation",
    summary: "Accept an invitation with a password; the auth headers sign the invitee in",
    auth: "public",
    transaction: "none",
    query: ACCEPT.query,
    body: ACCEPT.body,
    response: z.object({ success: z.literal(true), data: ZDeviseUser }),
    handler: async ({ request, query, body }) => {
      const values = deviseValues(query, body);
      const raw = values.invitation_token;
      const user = await findPendingInvitation(request, raw);
      if (!user || !raw) return notFound();
      // The same answers as PUT /auth/password (api-contract §1.4).
      const password = values.password;
      const confirmation = values.password_confirmation;
      if (password === undefined || confirmation === undefined) {
        return deviseFailure(422, [MESSAGES.missingPasswords]);
      }
      const errors = passwordErrors(password, confirmation, app.authSettings.passwordLength);
      if (errors) return deviseFailure(422, errors);

      const encryptedPassword = await hashPassword(password);
      const now = app.authSettings.now();
      // Like a password reset by token: signed in at once, unless this user may not sign in
      // on this site (another centre's invitee). Decided before the transaction.
      const issue = !(await signInRefusal(request, { ...user, status: "active" }));
      const result = await withTenant(app.db, request.tenant.id, async (tx) => {
        // Still the same pending invitation: a second accept that raced this one finds none.
        const accepted = await acceptPendingInvitation(tx, user.id, user.invitationToken ?? "", {
          encryptedPassword,
          status: "active",
          confirmedAt: user.confirmedAt ?? now,
          invitationToken: null,
          invitationAcceptedAt: now,
          allowPasswordChange: false,
        });
        if (!accepted) return null;
        const headers = issue ? await issueClientToken(tx, accepted, app.authSettings) : null;
        // The mailed token proved the address; the password is new; the client token is a
        // sign-in. All by the user, newest last.
        const actions: TActivityAction[] = [
          ...(user.confirmedAt ? [] : ["account_confirmed" as const]),
          "password_changed",
          ...(headers ? ["signed_in" as const] : []),
        ];
        for (const action of actions) {
          await recordActivity(tx, authActivity(request, accepted, action, user.id), request.log);
        }
        return { user: accepted, headers };
      });
      if (!result) return notFound();
      return answer(
        200,
        { success: true, data: deviseUserJson(result.user) },
        { headers: result.headers ?? {} },
      );
    },
  });
}
