import type { FastifyRequest } from "fastify";
import { type AppDb, withTenant } from "../db/client";
import { unlockInstructionsMail } from "../mail/templates/unlock-instructions";
import { recordActivity } from "../queries/activity-events";
import { lockFailedAttempts, updateAuthUser } from "../queries/auth-users";
import { authActivity } from "./activity";
import { deliver, templateOf } from "./mails";
import { siteOrigin } from "./redirect-url";
import type { TAuthSettings } from "./settings";
import { randomToken, tokenDigest } from "./tokens";
import type { TUser } from "./user-json";

/**
 * devise lockable with the failed_attempts strategy and both unlock strategies (time and
 * email): 5 failures lock the account, the lock lifts after an hour or through the mailed
 * link (docs/decisions.md, Auth).
 */
type TLockSettings = Pick<TAuthSettings, "unlockAfterMs" | "maxFailedAttempts">;

/** devise `access_locked?`: locked and the lock has not yet expired. */
export function isLocked(user: Pick<TUser, "lockedAt">, now: Date, settings: TLockSettings) {
  return user.lockedAt !== null && user.lockedAt.getTime() + settings.unlockAfterMs > now.getTime();
}

/** devise `unlock_access!`. */
export const UNLOCKED = { lockedAt: null, failedAttempts: 0, unlockToken: null } as const;

/**
 * devise `valid_for_authentication?` after a wrong password: an expired lock is lifted
 * first, then the failure counts, and reaching the maximum locks the account (with an
 * account_locked event by the system: actor null) and the unlock mail, in one transaction.
 * Returns whether this failure locked it. A lock that ran out is lifted without an event.
 */
export async function recordFailedSignIn(
  request: FastifyRequest,
  user: TUser,
  now: Date,
): Promise<boolean> {
  const userId = user.id;
  const settings = request.server.authSettings;
  return withTenant(request.server.db, request.tenant.id, async (tx) => {
    const row = await lockFailedAttempts(tx, userId);
    if (!row) return false;
    const expired = row.lockedAt !== null && !isLocked(row, now, settings);
    const failedAttempts = (expired ? 0 : row.failedAttempts) + 1;
    const lockNow =
      failedAttempts >= settings.maxFailedAttempts && (row.lockedAt === null || expired);
    const raw = lockNow ? randomToken() : null;
    await updateAuthUser(tx, userId, {
      failedAttempts,
      ...(expired ? { lockedAt: null, unlockToken: null } : {}),
      ...(raw ? { lockedAt: now, unlockToken: tokenDigest(raw) } : {}),
    });
    if (!raw) return false;
    const subject = { id: userId, locale: row.locale };
    await recordActivity(tx, authActivity(request, subject, "account_locked", null), request.log);
    await sendUnlockInstructions(tx, request, user, raw);
    return true;
  });
}

/** Enqueues the unlock mail in `tx`, the transaction that stores the token; its link goes
 *  through the web (GET /api/auth/unlock). */
export async function sendUnlockInstructions(
  tx: AppDb,
  request: FastifyRequest,
  user: TUser,
  raw: string,
) {
  const origin = siteOrigin(request, request.server.config.REDIRECT_HOSTS);
  if (!origin) request.log.warn("unlock mail without a link: the request's host is not allowed");
  const link = origin
    ? `${origin}/api/auth/unlock?${new URLSearchParams({ unlock_token: raw })}`
    : null;
  await deliver(
    tx,
    request,
    user,
    unlockInstructionsMail({
      ...(await templateOf(tx, request, user, "auth.unlock")),
      locale: user.locale,
      tenantName: request.tenant.name,
      firstName: user.firstName,
      link,
    }),
  );
}
