import { and, eq, isNull } from "drizzle-orm";
import { removeRole, rolesOf } from "../auth/roles";
import { tokenDigest } from "../auth/tokens";
import type { AppDb } from "../db/client";
import {
  applications,
  calendarTokens,
  conversationParticipants,
  dataExports,
  notifications,
  poolInvitations,
  type TRoleName,
  users,
  volunteerProfiles,
} from "../db/schema";
import { enqueue } from "../jobs/queue";
import { unlinkMessagesJob } from "../jobs/unlink-messages";
import { giveBackUpcomingPlaces } from "../services/activity-registrations";
import { deleteHelpPostsOf } from "./help-posts";
import type { TUser } from "./users";

/**
 * Account deletion (spec §2 /account/verwijderen; docs/impersonation-and-account-deletion.md):
 * the mailed token, and the anonymisation that keeps the row so every reference to it holds.
 */

/** The address an anonymised account gets: unique per row, and `.invalid` never delivers. */
export const anonymizedEmail = (id: number) => `deleted-${id}@deleted.invalid`;

/** Stores the digest of a freshly mailed deletion token (the raw token only goes in the mail). */
export async function storeDeletionToken(
  tx: AppDb,
  tenantId: number,
  userId: number,
  raw: string,
  now: Date,
): Promise<void> {
  await tx
    .update(users)
    .set({ deletionToken: tokenDigest(raw), deletionSentAt: now })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}

/**
 * The not yet anonymised account a deletion token belongs to, locked for the change
 * (`for update`: two clicks on one link anonymise once).
 */
export async function lockUserByDeletionToken(
  tx: AppDb,
  tenantId: number,
  raw: string,
): Promise<TUser | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.deletionToken, tokenDigest(raw)),
        isNull(users.anonymizedAt),
      ),
    )
    .for("update");
  return row;
}

/** rolify remove_role(name) for every role name the user holds: all of them go, global and
 *  scoped, and role rows left without users are deleted (remove_role_if_empty). */
async function removeEveryRole(tx: AppDb, tenantId: number, userId: number): Promise<void> {
  const names = new Set((await rolesOf(tx, tenantId, userId)).map((role) => role.name));
  for (const name of names) await removeRole(tx, tenantId, userId, name as TRoleName);
}

/**
 * Anonymises the account in the caller's transaction: everything that says who the person
 * is or lets anyone in goes; the row, its id, centre and status history stay so activity and
 * audit entries, invitations and other records still point at something.
 */
export async function anonymizeUser(
  tx: AppDb,
  tenantId: number,
  userId: number,
  now: Date,
): Promise<TUser> {
  const email = anonymizedEmail(userId);
  const [row] = await tx
    .update(users)
    .set({
      email,
      uid: email,
      unconfirmedEmail: null,
      firstName: null,
      lastName: null,
      phone: null,
      encryptedPassword: null,
      tokens: {},
      confirmationToken: null,
      resetPasswordToken: null,
      resetPasswordSentAt: null,
      unlockToken: null,
      invitationToken: null,
      deletionToken: null,
      deletionSentAt: null,
      allowPasswordChange: false,
      currentSignInIp: null,
      lastSignInIp: null,
      status: "archived",
      anonymizedAt: now,
    })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .returning();
  await removeEveryRole(tx, tenantId, userId);
  await tx
    .delete(notifications)
    .where(and(eq(notifications.tenantId, tenantId), eq(notifications.userId, userId)));
  // What they told about themselves goes (the interests with it); their applications stay
  // as the organisations' records, without the motivation; their threads keep the messages
  // (the other side's correspondence), which now name nobody.
  await tx
    .delete(volunteerProfiles)
    .where(and(eq(volunteerProfiles.tenantId, tenantId), eq(volunteerProfiles.userId, userId)));
  await tx
    .update(applications)
    .set({ motivation: "" })
    .where(and(eq(applications.tenantId, tenantId), eq(applications.userId, userId)));
  // Their messages stay in the threads with their words (the other side's record of the
  // correspondence, like the applications) but lose their author: a job does that as the
  // owner, the app role may not change a message (jobs/unlink-messages.ts).
  await enqueue(
    tx,
    unlinkMessagesJob,
    { userId },
    { tenantId, idempotencyKey: `unlink:${userId}` },
  );
  // The centre's questions to them, their peer-help posts, their calendar address and their
  // data exports go; their places at activities still to come are given back.
  await deleteHelpPostsOf(tx, tenantId, userId);
  await giveBackUpcomingPlaces(tx, { tenantId, userId, now: new Date() });
  await tx
    .delete(poolInvitations)
    .where(and(eq(poolInvitations.tenantId, tenantId), eq(poolInvitations.userId, userId)));
  await tx
    .delete(calendarTokens)
    .where(and(eq(calendarTokens.tenantId, tenantId), eq(calendarTokens.userId, userId)));
  await tx
    .delete(dataExports)
    .where(and(eq(dataExports.tenantId, tenantId), eq(dataExports.userId, userId)));
  await tx
    .delete(conversationParticipants)
    .where(
      and(
        eq(conversationParticipants.tenantId, tenantId),
        eq(conversationParticipants.userId, userId),
      ),
    );
  return row;
}
