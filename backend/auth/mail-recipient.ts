import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { deviseError } from "./http";
import { MESSAGES } from "./messages";
import { accountKey, consumeAll, sendTooManyAttempts, type TLimiters } from "./rate-limit";
import type { TUser } from "./user-json";
import { findUserByEmail } from "./users-query";

/**
 * The shared front of the mail-sending endpoints (password, confirmation, unlock): every
 * request counts against the per-IP and per-account mail limits, then the user is looked up
 * in the tenant. Returns the user, or null after answering 429 or devise's 404 itself.
 */
export async function mailRecipient(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  limiters: TLimiters,
  email: string,
): Promise<TUser | null> {
  const wait = await consumeAll([
    [limiters.mailPerIp, request.ip],
    [limiters.mailPerAccount, accountKey(request.tenant.id, email)],
  ]);
  if (wait !== null) {
    sendTooManyAttempts(reply, wait);
    return null;
  }
  const user = await findUserByEmail(app.db, request.tenant.id, email);
  if (!user) {
    deviseError(reply, 404, [MESSAGES.userNotFound(email)]);
    return null;
  }
  return user;
}
