import type { FastifyRequest } from "fastify";
import { type AppDb, withTenant } from "../db/client";
import { confirmationMail } from "../mail/templates/confirmation";
import { emailChangeNoticeMail } from "../mail/templates/email-change-notice";
import { recordActivity } from "../queries/activity-events";
import { updateAuthUser } from "../queries/auth-users";
import { emailHeldByOther } from "../queries/email-changes";
import { authActivity } from "./activity";
import { deliver, templateOf } from "./mails";
import { randomToken, tokenDigest } from "./tokens";
import type { TUser } from "./user-json";
import { findUserByMailedToken } from "./users-query";

/**
 * devise confirmable, with reconfirmable: a change of address waits in `unconfirmed_email`
 * until the token mailed there is followed (docs/api-email-change.md). The token is mailed
 * raw and stored as a digest; it stays on the row after confirming, so a second click says
 * 'already confirmed' (as devise does).
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
  // devise reconfirmable: with a change pending, the instructions go to the new address.
  const pending = user.unconfirmedEmail;
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
    { email: pending ?? user.email },
    confirmationMail({
      ...(await templateOf(tx, request, user, "auth.confirmation")),
      locale: user.locale,
      tenantName: request.tenant.name,
      firstName: user.firstName,
      email: pending ?? user.email,
      link,
      ...(pending ? { previousEmail: user.email } : {}),
    }),
  );
  return updated;
}

/**
 * devise reconfirmable's postponed email change, in the caller's transaction: the new
 * address waits in `unconfirmed_email` with a new confirmation token (a pending change's
 * old link stops working), the token goes to the new address and a notice to the current
 * one, both in the user's language and enqueued in this transaction.
 */
export async function requestEmailChangeIn(
  tx: AppDb,
  request: FastifyRequest,
  user: TUser,
  newEmail: string,
  origin: string | null,
): Promise<TUser> {
  const pending = await updateAuthUser(tx, user.id, { unconfirmedEmail: newEmail });
  const updated = await confirmationInstructionsIn(tx, request, pending, origin);
  await deliver(
    tx,
    request,
    user,
    emailChangeNoticeMail({
      ...(await templateOf(tx, request, user, "account.email_change")),
      locale: user.locale,
      tenantName: request.tenant.name,
      firstName: user.firstName,
      newEmail,
    }),
  );
  return updated;
}

export type TConfirmFailure = "blank" | "invalid" | "already_confirmed" | "expired" | "taken";
export type TConfirmResult =
  | {
      ok: true;
      user: TUser;
      /** The address the account had before a confirmed change; undefined otherwise. */
      previousEmail?: string;
    }
  | { ok: false; reason: TConfirmFailure };

/** devise `confirm_by_token`: blank, unknown, already confirmed, expired, or confirmed now
 *  (with the account_confirmed event, by the user: the mailed token proved the address).
 *  With a change pending, confirming swaps the address in (devise reconfirmable), unless
 *  another account took it meanwhile: then nothing changes. */
export async function confirmByToken(
  request: FastifyRequest,
  raw: string | undefined,
): Promise<TConfirmResult> {
  if (!raw) return { ok: false, reason: "blank" };
  const { db, authSettings } = request.server;
  const user = await findUserByMailedToken(db, request.tenant.id, "confirmationToken", raw);
  if (!user) return { ok: false, reason: "invalid" };
  const pending = user.unconfirmedEmail;
  if (user.confirmedAt && !pending) return { ok: false, reason: "already_confirmed" };
  const now = authSettings.now();
  const sentAt = user.confirmationSentAt?.getTime();
  if (sentAt !== undefined && now.getTime() > sentAt + authSettings.confirmWithinMs) {
    return { ok: false, reason: "expired" };
  }
  if (pending) return confirmEmailChange(request, user, pending, now);
  const confirmed = await withTenant(db, request.tenant.id, async (tx) => {
    const row = await updateAuthUser(tx, user.id, { confirmedAt: now });
    await recordActivity(tx, authActivity(request, row, "account_confirmed", row.id), request.log);
    return row;
  });
  return { ok: true, user: confirmed };
}

/**
 * devise `confirm` with `pending_reconfirmation?`: email and uid become the new address
 * (devise_token_auth's `sync_uid`), `unconfirmed_email` is cleared. The uniqueness check
 * runs again, as devise's validation does on this save: an account that took the address
 * meanwhile (a sign-up, another change confirmed first) wins, and this one keeps its old
 * address and its pending change. The unique indexes decide a race the check missed.
 */
async function confirmEmailChange(
  request: FastifyRequest,
  user: TUser,
  newEmail: string,
  now: Date,
): Promise<TConfirmResult> {
  const tenantId = request.tenant.id;
  const swapped = await withTenant(request.server.db, tenantId, async (tx) => {
    if (await emailHeldByOther(tx, tenantId, user.id, newEmail)) return null;
    const changes = {
      email: newEmail,
      uid: user.provider === "email" ? newEmail : user.uid,
      unconfirmedEmail: null,
      confirmedAt: now,
    };
    try {
      // A savepoint, so a lost race leaves the transaction usable and nothing written.
      return await tx.transaction((sp) => updateAuthUser(sp, user.id, changes));
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  });
  if (!swapped) return { ok: false, reason: "taken" };
  return { ok: true, user: swapped, previousEmail: user.email };
}

const isUniqueViolation = (e: unknown) =>
  (e as { code?: unknown }).code === "23505" ||
  (e as { cause?: { code?: unknown } }).cause?.code === "23505";
