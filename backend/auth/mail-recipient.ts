import type { FastifyRequest } from "fastify";
import type { RouteAnswer } from "../http/answer";
import { deviseFailure } from "./http";
import { MESSAGES } from "./messages";
import { accountKey, consumeAll, type TLimiters, tooManyAttempts } from "./rate-limit";
import type { TUser } from "./user-json";
import { findUserByEmail } from "./users-query";

/**
 * The shared front of the mail-sending endpoints (password, confirmation, unlock): every
 * request counts against the per-IP and per-account mail limits, then the user is looked up
 * in the tenant. Returns the user, or the answer instead of one: the 429, or devise's 404.
 */
export async function mailRecipient(
  request: FastifyRequest,
  limiters: TLimiters,
  email: string,
): Promise<{ user: TUser } | { refusal: RouteAnswer }> {
  const wait = await consumeAll([
    [limiters.mailPerIp, request.ip],
    [limiters.mailPerAccount, accountKey(request.tenant.id, email)],
  ]);
  if (wait !== null) return { refusal: tooManyAttempts(wait) };
  const user = await findUserByEmail(request.server.db, request.tenant.id, email);
  if (!user) return { refusal: deviseFailure(404, [MESSAGES.userNotFound(email)]) };
  return { user };
}
