import type { FastifyRequest } from "fastify";
import { type AppDb, withTenant } from "../db/client";
import { invitationMail, type TInvitationRoleName } from "../mail/templates/invitation";
import { storeInvitationToken } from "../queries/auth-users";
import { firstScopedRole } from "../queries/roles";
import { roleResourceCenter } from "../queries/users";
import { deliver, templateOf } from "./mails";
import { siteOrigin } from "./redirect-url";
import { randomToken, tokenDigest } from "./tokens";
import type { TUser } from "./user-json";
import { findUserByMailedToken } from "./users-query";

/**
 * devise_invitable for our users (docs/api-registration-invitations.md): an invitation is a
 * random token, mailed raw and stored as a digest (like every mailed token), valid for
 * `inviteWithinMs` (14 days) from `invitation_sent_at`. The mail links to the web's
 * /auth/invitation page on the site the request came through.
 */

export type TInvitationRole = { name: TInvitationRoleName; resourceLabel: string };

const DAY_MS = 24 * 3600_000;

/** A fresh raw token and what is stored for it. */
export function newInvitationToken(): { raw: string; digest: string } {
  const raw = randomToken();
  return { raw, digest: tokenDigest(raw) };
}

/** "Jane Doe", else the address: how the mail names the inviter. */
export function displayName(user: Pick<TUser, "firstName" | "lastName" | "email">): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return name === "" ? user.email : name;
}

/**
 * The role the mail names on a resend: the user's first role on an organization or desk
 * (an invitation always gives one), with that resource's name.
 */
export async function invitationRoleOf(
  tx: AppDb,
  tenantId: number,
  userId: number,
): Promise<TInvitationRole | null> {
  const held = await firstScopedRole(tx, tenantId, userId);
  if (!held?.type || held.id === null) return null;
  const found = await roleResourceCenter(
    tx,
    tenantId,
    held.type as "Organization" | "Desk",
    held.id,
  );
  return found ? { name: held.name as TInvitationRoleName, resourceLabel: found.label } : null;
}

/** Enqueues the invitation with `raw` in the link, in the invitee's language, in `tx`: the
 *  transaction that stores the token. */
export async function mailInvitation(
  tx: AppDb,
  request: FastifyRequest,
  user: TUser,
  raw: string,
  details: { inviterName: string | null; role: TInvitationRole | null },
): Promise<void> {
  const origin = siteOrigin(request, request.server.config.REDIRECT_HOSTS);
  if (!origin) request.log.warn("invitation mail without a link: the site is unknown");
  const link = origin
    ? `${origin}/auth/invitation?${new URLSearchParams({ invitation_token: raw })}`
    : null;
  await deliver(
    tx,
    request,
    user,
    invitationMail({
      ...(await templateOf(tx, request, user, "auth.invitation")),
      locale: user.locale,
      tenantName: request.tenant.name,
      firstName: user.firstName,
      inviterName: details.inviterName,
      role: details.role,
      link,
      validDays: Math.round(request.server.authSettings.inviteWithinMs / DAY_MS),
    }),
  );
}

/**
 * devise_invitable `invite!` on an existing invitee (the back office's resend): a new token,
 * so the old link stops working, a new `invitation_sent_at`, and the mail.
 */
export async function sendInvitationInstructions(
  request: FastifyRequest,
  user: TUser,
  inviter: Pick<TUser, "firstName" | "lastName" | "email">,
): Promise<void> {
  await withTenant(request.server.db, request.tenant.id, (tx) =>
    invitationInstructionsIn(tx, request, user, inviter),
  );
}

/** sendInvitationInstructions inside the caller's transaction: the fresh token and its
 *  mail commit with the change that asked for them, or neither does. */
export async function invitationInstructionsIn(
  tx: AppDb,
  request: FastifyRequest,
  user: TUser,
  inviter: Pick<TUser, "firstName" | "lastName" | "email">,
): Promise<void> {
  const tenantId = request.tenant.id;
  const { raw, digest } = newInvitationToken();
  await storeInvitationToken(tx, tenantId, user.id, digest, request.server.authSettings.now());
  const role = await invitationRoleOf(tx, tenantId, user.id);
  await mailInvitation(tx, request, user, raw, { inviterName: displayName(inviter), role });
}

/**
 * The invitee of a raw token, while the invitation is pending (status invited, not accepted)
 * and younger than `inviteWithinMs`; null otherwise, whatever the reason, so the answer
 * says nothing about tokens that once were valid.
 */
export async function findPendingInvitation(
  request: FastifyRequest,
  raw: string | undefined,
): Promise<TUser | null> {
  const { db, authSettings } = request.server;
  const user = await findUserByMailedToken(db, request.tenant.id, "invitationToken", raw);
  if (user?.status !== "invited" || user.invitationAcceptedAt !== null) return null;
  const sentAt = user.invitationSentAt?.getTime();
  if (sentAt === undefined) return null;
  return authSettings.now().getTime() < sentAt + authSettings.inviteWithinMs ? user : null;
}
