import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { withTenant } from "../db/client";
import { users } from "../db/schema";
import { recordActivity } from "../queries/activity-events";
import { authActivity } from "./activity";
import { optionalAuthenticate, skipRotation, tokenUseOf } from "./authenticate";
import { deviseError, emailParam, param } from "./http";
import { isLocked, recordFailedSignIn, UNLOCKED } from "./lockable";
import { MESSAGES } from "./messages";
import { hashPassword, verifyPassword } from "./password";
import { accountKey, consumeAll, sendTooManyAttempts, type TLimiters } from "./rate-limit";
import { isPendingInvitee, signInRefusal } from "./sign-in-rules";
import { removeClient } from "./token-store";
import { authHeaders, signInToken } from "./tokens";
import { deviseUserJson, type TUser } from "./user-json";
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
    const [row] = await tx.select().from(users).where(eq(users.id, user.id)).for("update");
    const issued = signInToken(row.tokens, now, settings);
    const [updated] = await tx
      .update(users)
      .set({
        tokens: issued.tokens,
        // devise lockable resets the count on sign-in; an expired lock is lifted.
        ...UNLOCKED,
        signInCount: row.signInCount + 1,
        lastSignInAt: row.currentSignInAt ?? now,
        currentSignInAt: now,
        lastSignInIp: row.currentSignInIp ?? request.ip,
        currentSignInIp: request.ip,
      })
      .where(eq(users.id, user.id))
      .returning();
    await recordActivity(tx, authActivity(request, updated, "signed_in", user.id), request.log);
    return { user: updated, headers: authHeaders({ ...issued, uid: updated.uid }) };
  });
}

export async function sessionRoutes(app: FastifyInstance, opts: { limiters: TLimiters }) {
  const { limiters } = opts;

  app.post("/sign_in", async (request, reply) => {
    const email = emailParam(request);
    const password = param(request, "password");
    const account = accountKey(request.tenant.id, email);
    const wait = await consumeAll([
      [limiters.signInPerIp, request.ip],
      [limiters.signInPerAccount, account],
    ]);
    if (wait !== null) return sendTooManyAttempts(reply, wait);

    const settings = app.authSettings;
    const now = settings.now();
    const user = email ? await findUserByEmail(app.db, request.tenant.id, email) : null;
    if (!user || isPendingInvitee(user)) {
      await spendHashTime(password ?? "");
      return deviseError(reply, 401, [MESSAGES.badCredentials]);
    }
    // devise `active_for_authentication?` comes before the password (api-contract §1.4).
    if (isLocked(user, now, settings)) return deviseError(reply, 401, [MESSAGES.locked]);
    if (!user.confirmedAt) return deviseError(reply, 401, [MESSAGES.notConfirmed(user.email)]);
    // devise_token_auth `valid_params?`: no password is bad credentials, not a failed attempt.
    if (!password) return deviseError(reply, 401, [MESSAGES.badCredentials]);

    if (!(await verifyPassword(user.encryptedPassword, password))) {
      // Locking the account enqueues the unlock mail in the same transaction.
      await recordFailedSignIn(request, user, now);
      return deviseError(reply, 401, [MESSAGES.badCredentials]);
    }
    const refusal = await signInRefusal(request, user);
    if (refusal) return deviseError(reply, 401, [refusal]);

    const signedIn = await completeSignIn(request, user, now);
    // A success does not count towards the limits (e2e suites sign in a lot from one IP).
    await limiters.signInPerIp.reward(request.ip, 1);
    if (account) await limiters.signInPerAccount.delete(account);
    reply.headers(signedIn.headers);
    return { data: deviseUserJson(signedIn.user) };
  });

  app.get("/sign_in", async (_request, reply) => deviseError(reply, 405, [MESSAGES.signInGet]));

  app.delete("/sign_out", { preHandler: optionalAuthenticate }, async (request, reply) => {
    const use = tokenUseOf(request);
    // The client is about to go: this response carries no auth headers.
    skipRotation(request);
    const user = request.user;
    const removed =
      use && user
        ? await removeClient(app.db, use.tenantId, use.userId, use.client, (tx) =>
            recordActivity(tx, authActivity(request, user, "signed_out", user.id), request.log),
          )
        : false;
    if (!removed) return deviseError(reply, 404, [MESSAGES.signOutNotFound]);
    return { success: true };
  });

  app.get("/validate_token", { preHandler: optionalAuthenticate }, async (request, reply) => {
    if (!request.user) return deviseError(reply, 401, [MESSAGES.invalidToken]);
    return { success: true, data: deviseUserJson(request.user) };
  });
}
