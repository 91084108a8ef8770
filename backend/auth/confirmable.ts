import type { FastifyRequest } from "fastify";
import { type AppDb, withTenant } from "../db/client";
import { confirmationMail } from "../mail/templates/confirmation";
import { recordActivity } from "../queries/activity-events";
import { updateAuthUser } from "../queries/auth-users";
import { authActivity } from "./activity";
import { deliver } from "./mails";
import { randomToken, tokenDigest } from "./tokens";
import type { TUser } from "./user-json";
import { findUserByMailedToken } from "./users-query";

/**
 * devise confirmable. The token is mailed raw and stored as a digest; it stays on the row
 * after confirming, so a second click says 'already confirmed' (as devise does).
 */

/**
 * devise `send_confirmation_instructions`: a new token and the mail. The link opens the
 * web's /confirm page on `origin` (the redirect_url's site, else the request's site),
 * which posts the token to POST /api/v1/confirm. Returns the user with the token written.
 */
export async function sendConfirmationInstructions(
  request: FastifyRequest,
  user: TUser,
  origin: string | null,
): Promise<TUser> {
  // The token and its mail commit together: a mail never carries a token that was not stored.
  return withTenant(request.server.db, request.tenant.id, (tx) =>
    confirmationInstructionsIn(tx, request, user, origin),
  );
}

/** sendConfirmationInstructions inside the caller's transaction (a sign-up's). */
export async function confirmationInstructionsIn(
  tx: AppDb,
  request: FastifyRequest,
  user: TUser,
  origin: string | null,
): Promise<TUser> {
  const raw = randomToken();
  if (!origin) request.log.warn("confirmation mail without a link: the site is unknown");
  const link = origin
    ? `${origin}/confirm?${new URLSearchParams({ confirmation_token: raw })}`
    : null;
  const updated = await updateAuthUser(tx, user.id, {
    confirmationToken: tokenDigest(raw),
    confirmationSentAt: request.server.authSettings.now(),
  });
  await deliver(
    tx,
    request,
    user,
    confirmationMail({
      locale: user.locale,
      tenantName: request.tenant.name,
      firstName: user.firstName,
      email: user.email,
      link,
    }),
  );
  return updated;
}

export type TConfirmFailure = "blank" | "invalid" | "already_confirmed" | "expired";
export type TConfirmResult = { ok: true; user: TUser } | { ok: false; reason: TConfirmFailure };

/** devise `confirm_by_token`: blank, unknown, already confirmed, expired, or confirmed now
 *  (with the account_confirmed event, by the user: the mailed token proved the address). */
export async function confirmByToken(
  request: FastifyRequest,
  raw: string | undefined,
): Promise<TConfirmResult> {
  if (!raw) return { ok: false, reason: "blank" };
  const { db, authSettings } = request.server;
  const user = await findUserByMailedToken(db, request.tenant.id, "confirmationToken", raw);
  if (!user) return { ok: false, reason: "invalid" };
  if (user.confirmedAt) return { ok: false, reason: "already_confirmed" };
  const now = authSettings.now();
  const sentAt = user.confirmationSentAt?.getTime();
  if (sentAt !== undefined && now.getTime() > sentAt + authSettings.confirmWithinMs) {
    return { ok: false, reason: "expired" };
  }
  const confirmed = await withTenant(db, request.tenant.id, async (tx) => {
    const row = await updateAuthUser(tx, user.id, { confirmedAt: now });
    await recordActivity(tx, authActivity(request, row, "account_confirmed", row.id), request.log);
    return row;
  });
  return { ok: true, user: confirmed };
}
