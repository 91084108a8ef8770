import { and, eq, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { type roles, users } from "../db/schema";

type TUserRow = typeof users.$inferSelect;
type TRoleRow = typeof roles.$inferSelect;
type TTokens = TUserRow["tokens"];

/**
 * The statements every signed-in request runs, written for the request path's cost: one
 * round trip each, and named, so that on PostgreSQL each pooled connection parses and
 * plans them once (node-postgres prepares a named query per connection; PGlite ignores
 * the name). A signed-in read is otherwise a handful of unprepared statements under
 * row-level security, whose planning costs as much as running them (docs/decisions.md,
 * "The api's request path").
 */

// The roles as one JSON array beside the user row: the policy needs them on every
// request, and a second statement cost a round trip and a plan of its own.
// Written out with aliases: in a one-table select drizzle leaves column names unqualified,
// which inside this subquery would name the roles' columns instead of the user's.
const rolesJson = sql<TRoleJson[] | null>`(
  select json_agg(json_build_object(
    'id', r.id, 'tenantId', r.tenant_id, 'name', r.name,
    'resourceType', r.resource_type, 'resourceId', r.resource_id,
    'createdAt', r.created_at, 'updatedAt', r.updated_at
  ) order by r.id)
  from users_roles ur join roles r on r.id = ur.role_id
  where ur.tenant_id = "users"."tenant_id" and ur.user_id = "users"."id"
)`;

type TRoleJson = Omit<TRoleRow, "createdAt" | "updatedAt"> & {
  createdAt: string;
  updatedAt: string;
};

/** The tenant's user with this uid and their roles (rolify order: by role id). */
export async function sessionUserWithRoles(
  tx: AppDb,
  tenantId: number,
  uid: string,
): Promise<{ user: TUserRow; roles: TRoleRow[] } | null> {
  const [row] = await tx
    .select({ user: users, roles: rolesJson })
    .from(users)
    .where(
      and(eq(users.tenantId, sql.placeholder("tenantId")), eq(users.uid, sql.placeholder("uid"))),
    )
    .limit(1)
    .prepare("session_user_with_roles")
    .execute({ tenantId, uid });
  if (!row) return null;
  return {
    user: row.user,
    roles: (row.roles ?? []).map((role) => ({
      ...role,
      createdAt: new Date(role.createdAt),
      updatedAt: new Date(role.updatedAt),
    })),
  };
}

/**
 * Writes a user's tokens if they are still the ones the request read at its start: one
 * statement instead of a locking read and a write. False when another request changed
 * them meanwhile (the row was re-checked after its lock, READ COMMITTED); the caller then
 * takes the lock and decides again on what is there now.
 */
export async function replaceTokensIfUnchanged(
  tx: AppDb,
  userId: number,
  seen: TTokens,
  next: TTokens,
): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ tokens: sql`${sql.placeholder("next")}::jsonb` })
    .where(
      and(
        eq(users.id, sql.placeholder("userId")),
        sql`${users.tokens} = ${sql.placeholder("seen")}::jsonb`,
      ),
    )
    .returning({ id: users.id })
    .prepare("replace_tokens_if_unchanged")
    .execute({ userId, seen: JSON.stringify(seen), next: JSON.stringify(next) });
  return rows.length > 0;
}

/**
 * The user's tokens and uid under a row lock, for a read-modify-write of the tokens. `no key
 * update`, not `update`: the request's own writes earlier in its transaction (a vacancy, a
 * message) hold `key share` locks on this row through their foreign keys, which `for update`
 * waits for; two requests of one user writing at once then deadlocked at their rotations.
 */
export async function lockUserTokens(
  tx: AppDb,
  userId: number,
): Promise<{ uid: string; tokens: TTokens } | null> {
  const [row] = await tx
    .select({ uid: users.uid, tokens: users.tokens })
    .from(users)
    .where(eq(users.id, userId))
    .for("no key update");
  return row ?? null;
}

/** The user's tokens as they stand, without a lock (nothing is written after). */
export async function userTokens(tx: AppDb, userId: number): Promise<TTokens | null> {
  const [row] = await tx.select({ tokens: users.tokens }).from(users).where(eq(users.id, userId));
  return row?.tokens ?? null;
}

export async function saveUserTokens(tx: AppDb, userId: number, tokens: TTokens): Promise<void> {
  await tx.update(users).set({ tokens }).where(eq(users.id, userId));
}
