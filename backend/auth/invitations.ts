import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { withTenant } from "../db/client";
import { type TActivityAction, users } from "../db/schema";
import { recordActivity } from "../queries/activity-events";
import { authActivity } from "./activity";
import { deviseError, param } from "./http";
import { findPendingInvitation } from "./invitable";
import { MESSAGES } from "./messages";
import { hashPassword } from "./password";
import { passwordErrors } from "./password-rules";
import { signInRefusal } from "./sign-in-rules";
import { issueClientToken } from "./token-store";
import { deviseUserJson } from "./user-json";

/**
 * devise_invitable's InvitationsController for token clients
 * (docs/api-registration-invitations.md): GET /auth/invitation says whom a pending
 * invitation is for, so the web's accept page can show it; PUT /auth/invitation accepts it
 * with a password and signs the invitee in. Open to everyone: the mailed token is the proof.
 * Any token that is not a pending, unexpired invitation is the same 404.
 */
export async function invitationRoutes(app: FastifyInstance) {
  const notFound = (reply: Parameters<typeof deviseError>[0]) =>
    deviseError(reply, 404, [MESSAGES.invitationInvalid]);

  app.get("/invitation", async (request, reply) => {
    const user = await findPendingInvitation(request, param(request, "invitation_token"));
    if (!user) return notFound(reply);
    return {
      success: true,
      data: { email: user.email, first_name: user.firstName, last_name: user.lastName },
    };
  });

  app.put("/invitation", async (request, reply) => {
    const raw = param(request, "invitation_token");
    const user = await findPendingInvitation(request, raw);
    if (!user || !raw) return notFound(reply);
    // The same answers as PUT /auth/password (api-contract §1.4).
    const password = param(request, "password");
    const confirmation = param(request, "password_confirmation");
    if (password === undefined || confirmation === undefined) {
      return deviseError(reply, 422, [MESSAGES.missingPasswords]);
    }
    const errors = passwordErrors(password, confirmation, app.authSettings.passwordLength);
    if (errors) return deviseError(reply, 422, errors);

    const encryptedPassword = await hashPassword(password);
    const now = app.authSettings.now();
    // Like a password reset by token: signed in at once, unless this user may not sign in
    // on this site (another centre's invitee). Decided before the transaction.
    const issue = !(await signInRefusal(request, { ...user, status: "active" }));
    const result = await withTenant(app.db, request.tenant.id, async (tx) => {
      // Still the same pending invitation: a second accept that raced this one finds none.
      const [accepted] = await tx
        .update(users)
        .set({
          encryptedPassword,
          status: "active",
          confirmedAt: user.confirmedAt ?? now,
          invitationToken: null,
          invitationAcceptedAt: now,
          allowPasswordChange: false,
        })
        .where(
          and(
            eq(users.id, user.id),
            eq(users.status, "invited"),
            eq(users.invitationToken, user.invitationToken ?? ""),
          ),
        )
        .returning();
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
    if (!result) return notFound(reply);
    if (result.headers) reply.headers(result.headers);
    return { success: true, data: deviseUserJson(result.user) };
  });
}
