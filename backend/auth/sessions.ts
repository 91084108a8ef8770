import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { withTenant } from "../db/client";
import { answer } from "../http/answer";
import { defineRoute } from "../http/define-route";
import { deviseParams, deviseValues } from "../http/inputs";
import { recordActivity } from "../queries/activity-events";
import { lockUser, updateAuthUser } from "../queries/auth-users";
import { authActivity } from "./activity";
import { DEVISE_ROUTE, deviseEmail, deviseFailure } from "./http";
import { isLocked, recordFailedSignIn, UNLOCKED } from "./lockable";
import { MESSAGES } from "./messages";
import { hashPassword, verifyPassword } from "./password";
import { accountKey, consumeAll, type TLimiters, tooManyAttempts } from "./rate-limit";
import { isPendingInvitee, signInRefusal } from "./sign-in-rules";
import { removeClient } from "./token-store";
import { authHeaders, signInToken } from "./tokens";
import { deviseUserJson, type TUser, ZDeviseUser } from "./user-json";
import { findUserByEmail } from "./users-query";

/**
 * devise_token_auth SessionsController and TokenValidationsController (api-contract
 * §1.4): POST/GET /auth/sign_in, DELETE /auth/sign_out, GET /auth/validate_token. Open to
 * everyone; sign-out and validate_token act on the token the request carries.
 */

// Unknown emails still pay for one password hash, so timing does not tell who exists.
let dummyDigest: Promise<string> | undefined;
const spendHashTime = async (password: string) => {
  dummyDigest ??= hashPassword("not-a-real-password-for-timing");
  await verifyPassword(await dummyDigest, password);
};

/** A successful sign-in: token (created, then rotated once), trackable columns, unlock,
 *  and the signed_in activity event, all in one transaction. */
async function completeSignIn(request: FastifyRequest, user: TUser, now: Date) {
  const settings = request.server.authSettings;
  return withTenant(request.server.db, request.tenant.id, async (tx) => {
    const row = await lockUser(tx, user.id);
    if (!row) throw new Error("the signed-in user's row is gone");
    const issued = signInToken(row.tokens, now, settings);
    const updated = await updateAuthUser(tx, user.id, {
      tokens: issued.tokens,
      // devise lockable resets the count on sign-in; an expired lock is lifted.
      ...UNLOCKED,
      signInCount: row.signInCount + 1,
      lastSignInAt: row.currentSignInAt ?? now,
      currentSignInAt: now,
      lastSignInIp: row.currentSignInIp ?? request.ip,
      currentSignInIp: request.ip,
    });
    await recordActivity(tx, authActivity(request, updated, "signed_in", user.id), request.log);
    return { user: updated, headers: authHeaders({ ...issued, uid: updated.uid }) };
  });
}

const SIGN_IN = deviseParams({
  email: "The account's address (any case, surrounding spaces ignored)",
  password: "The account's password",
});
// devise_token_auth reads no parameter of these; Rails ignores whatever comes.
const NONE = deviseParams({});

export async function sessionRoutes(app: FastifyInstance, opts: { limiters: TLimiters }) {
  const { limiters } = opts;

  // Its own transactions, none held while argon2 runs: the failed attempt must commit
  // even though the answer is a 401, and the new client token is the session it returns.
  defineRoute(app, {
    ...DEVISE_ROUTE,
    method: "POST",
    url: "/sign_in",
    summary: "Sign in with email and password; the auth headers carry the new token",
    auth: "public",
    transaction: "none",
    query: SIGN_IN.query,
    body: SIGN_IN.body,
    response: z.object({ data: ZDeviseUser }),
    handler: async ({ request, query, body }) => {
      const values = deviseValues(query, body);
      const email = deviseEmail(values.email);
      const password = values.password;
      const account = accountKey(request.tenant.id, email);
      const wait = await consumeAll([
        [limiters.signInPerIp, request.ip],
        [limiters.signInPerAccount, account],
      ]);
      if (wait !== null) return tooManyAttempts(wait);

      const settings = app.authSettings;
      const now = settings.now();
      const user = email ? await findUserByEmail(app.db, request.tenant.id, email) : null;
      if (!user || isPendingInvitee(user)) {
        await spendHashTime(password ?? "");
        return deviseFailure(401, [MESSAGES.badCredentials]);
      }
      // devise `active_for_authentication?` comes before the password (api-contract §1.4).
      if (isLocked(user, now, settings)) return deviseFailure(401, [MESSAGES.locked]);
      if (!user.confirmedAt) return deviseFailure(401, [MESSAGES.notConfirmed(user.email)]);
      // devise_token_auth `valid_params?`: no password is bad credentials, not a failed attempt.
      if (!password) return deviseFailure(401, [MESSAGES.badCredentials]);

      if (!(await verifyPassword(user.encryptedPassword, password))) {
        // Locking the account enqueues the unlock mail in the same transaction.
        await recordFailedSignIn(request, user, now);
        return deviseFailure(401, [MESSAGES.badCredentials]);
      }
      const refusal = await signInRefusal(request, user);
      if (refusal) return deviseFailure(401, [refusal]);

      const signedIn = await completeSignIn(request, user, now);
      // A success does not count towards the limits (e2e suites sign in a lot from one IP).
      await limiters.signInPerIp.reward(request.ip, 1);
      if (account) await limiters.signInPerAccount.delete(account);
      return answer(200, { data: deviseUserJson(signedIn.user) }, { headers: signedIn.headers });
    },
  });

  defineRoute(app, {
    ...DEVISE_ROUTE,
    method: "GET",
    url: "/sign_in",
    summary: "Not supported: devise_token_auth's 405",
    auth: "public",
    transaction: "none",
    query: NONE.query,
    status: 405,
    response: z.object({ success: z.literal(false), errors: z.array(z.string()) }),
    handler: async () => deviseFailure(405, [MESSAGES.signInGet]),
  });

  defineRoute(app, {
    ...DEVISE_ROUTE,
    method: "DELETE",
    url: "/sign_out",
    summary: "Sign out: removes the client the request's token belongs to",
    auth: "optional",
    query: NONE.query,
    response: z.object({ success: z.literal(true) }),
    handler: async ({ tx, request, session }) => {
      if (!session) return deviseFailure(404, [MESSAGES.signOutNotFound]);
      // The client is about to go: this response carries no auth headers.
      session.skipRotation();
      const { user } = session;
      const removed = await removeClient(tx, request.tenant.id, user.id, session.client, (inner) =>
        recordActivity(inner, authActivity(request, user, "signed_out", user.id), request.log),
      );
      if (!removed) return deviseFailure(404, [MESSAGES.signOutNotFound]);
      return { success: true };
    },
  });

  defineRoute(app, {
    ...DEVISE_ROUTE,
    method: "GET",
    url: "/validate_token",
    summary: "The signed-in user of the request's token (rotated like any request)",
    auth: "optional",
    query: NONE.query,
    response: z.object({ success: z.literal(true), data: ZDeviseUser }),
    handler: async ({ session }) => {
      if (!session) return deviseFailure(401, [MESSAGES.invalidToken]);
      return { success: true, data: deviseUserJson(session.user) };
    },
  });
}
