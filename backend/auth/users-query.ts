import { type AppDb, withTenant } from "../db/client";
import {
  type TMailedTokenColumn,
  userByLoginEmail,
  userByTokenDigest,
} from "../queries/auth-users";
import { hasRole } from "../queries/roles";
import { tokenDigest } from "./tokens";
import type { TUser } from "./user-json";

/**
 * Lookups for the auth endpoints, each in a tenant transaction of its own (row security)
 * on `db`, or in the caller's when `db` is one (a savepoint then). The SQL is in
 * queries/auth-users.ts.
 */

/** By email with provider "email" (devise_token_auth `find_resource`); never an
 *  anonymised account. */
export async function findUserByEmail(
  db: AppDb,
  tenantId: number,
  email: string,
): Promise<TUser | null> {
  return withTenant(db, tenantId, (tx) => userByLoginEmail(tx, tenantId, email));
}

/** By a mailed token (reset, confirmation, unlock, invitation): its digest is stored. */
export async function findUserByMailedToken(
  db: AppDb,
  tenantId: number,
  column: TMailedTokenColumn,
  raw: string | undefined,
): Promise<TUser | null> {
  if (!raw) return null;
  return withTenant(db, tenantId, (tx) =>
    userByTokenDigest(tx, tenantId, column, tokenDigest(raw)),
  );
}

/** A global superadmin (rolify `has_role?(:superadmin)`: global roles only). */
export async function isSuperadmin(db: AppDb, tenantId: number, userId: number): Promise<boolean> {
  return withTenant(db, tenantId, (tx) => hasRole(tx, tenantId, userId, "superadmin"));
}
