import { and, eq, isNull } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { users } from "../db/schema";
import type { TUser } from "./users";

/**
 * The users table as devise's modules use it (backend/auth): sign-in, lockable,
 * recoverable, confirmable, invitable, registerable. Each runs in the caller's tenant
 * transaction (row-level security) and still names the tenant where it looks a user up.
 */

type TUserChanges = Partial<typeof users.$inferInsert>;

/** By email with provider "email" (devise_token_auth `find_resource`). An anonymised
 *  account is never found (docs/impersonation-and-account-deletion.md). */
export async function userByLoginEmail(
  tx: AppDb,
  tenantId: number,
  email: string,
): Promise<TUser | null> {
  const [user] = await tx
    .select()
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.email, email),
        eq(users.provider, "email"),
        isNull(users.anonymizedAt),
      ),
    )
    .limit(1);
  return user ?? null;
}

/** A column holding the digest of a mailed token (raw tokens are never stored). */
export type TMailedTokenColumn =
  | "resetPasswordToken"
  | "confirmationToken"
  | "unlockToken"
  | "invitationToken";

/** By the digest of a mailed token (reset, confirmation, unlock, invitation). */
export async function userByTokenDigest(
  tx: AppDb,
  tenantId: number,
  column: TMailedTokenColumn,
  digest: string,
): Promise<TUser | null> {
  const [user] = await tx
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users[column], digest)))
    .limit(1);
  return user ?? null;
}

/** The whole row, locked for the change that follows (a sign-in's counters and tokens). */
export async function lockUser(tx: AppDb, userId: number): Promise<TUser | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  return row;
}

/** What lockable reads before counting a failure, locked: two failures count twice. */
export async function lockFailedAttempts(tx: AppDb, userId: number) {
  const [row] = await tx
    .select({
      failedAttempts: users.failedAttempts,
      lockedAt: users.lockedAt,
      locale: users.locale,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return row;
}

/** Writes devise's columns of one user (tokens, counters, lock, confirmation, password)
 *  and returns the new row. */
export async function updateAuthUser(
  tx: AppDb,
  userId: number,
  changes: TUserChanges,
): Promise<TUser> {
  const [row] = await tx.update(users).set(changes).where(eq(users.id, userId)).returning();
  return row;
}

/**
 * Accepts a pending invitation: only while it is still the same one (status invited, the
 * same token digest), so a second accept that raced this one changes nothing and gets
 * undefined.
 */
export async function acceptPendingInvitation(
  tx: AppDb,
  userId: number,
  invitationDigest: string,
  changes: TUserChanges,
): Promise<TUser | undefined> {
  const [row] = await tx
    .update(users)
    .set(changes)
    .where(
      and(
        eq(users.id, userId),
        eq(users.status, "invited"),
        eq(users.invitationToken, invitationDigest),
      ),
    )
    .returning();
  return row;
}

/** A new account of the tenant; undefined when its address is taken (the unique index
 *  decides, so two sign-ups racing for one address make one account). */
export async function insertAccount(
  tx: AppDb,
  values: typeof users.$inferInsert,
): Promise<TUser | undefined> {
  const [row] = await tx.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

/** Stores a fresh invitation token's digest on one user of the tenant. */
export async function storeInvitationToken(
  tx: AppDb,
  tenantId: number,
  userId: number,
  digest: string,
  sentAt: Date,
): Promise<void> {
  await tx
    .update(users)
    .set({ invitationToken: digest, invitationSentAt: sentAt })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}
