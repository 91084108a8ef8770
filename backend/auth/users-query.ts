import { and, eq, isNull } from "drizzle-orm";
import { type AppDb, withTenant } from "../db/client";
import { users } from "../db/schema";
import { hasRole } from "./roles";
import { tokenDigest } from "./tokens";
import type { TUser } from "./user-json";

/** Lookups for the auth endpoints; each runs in the tenant's transaction (row security). */

/** By email with provider "email" (devise_token_auth `find_resource`). An anonymised
 *  account is never found (docs/impersonation-and-account-deletion.md). */
export async function findUserByEmail(
  db: AppDb,
  tenantId: number,
  email: string,
): Promise<TUser | null> {
  const [user] = await withTenant(db, tenantId, (tx) =>
    tx
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
      .limit(1),
  );
  return user ?? null;
}

type TTokenColumn = "resetPasswordToken" | "confirmationToken" | "unlockToken" | "invitationToken";

/** By the digest of a mailed token (reset, confirmation, unlock, invitation); raw tokens are
 *  never stored. */
export async function findUserByMailedToken(
  db: AppDb,
  tenantId: number,
  column: TTokenColumn,
  raw: string | undefined,
): Promise<TUser | null> {
  if (!raw) return null;
  const [user] = await withTenant(db, tenantId, (tx) =>
    tx
      .select()
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users[column], tokenDigest(raw))))
      .limit(1),
  );
  return user ?? null;
}

/** A global superadmin (rolify `has_role?(:superadmin)`: global roles only). */
export async function isSuperadmin(db: AppDb, tenantId: number, userId: number): Promise<boolean> {
  return withTenant(db, tenantId, (tx) => hasRole(tx, tenantId, userId, "superadmin"));
}

/** Updates one user inside the tenant's transaction and returns the new row. */
export async function updateUser(
  db: AppDb,
  tenantId: number,
  userId: number,
  values: Partial<typeof users.$inferInsert>,
): Promise<TUser> {
  const [user] = await withTenant(db, tenantId, (tx) =>
    tx.update(users).set(values).where(eq(users.id, userId)).returning(),
  );
  return user;
}
