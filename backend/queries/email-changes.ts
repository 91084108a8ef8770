import { and, eq, ne, or } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { users } from "../db/schema";

/**
 * Whether another account of the tenant holds `email` as its address (devise's uniqueness
 * validation, run again when a change is confirmed), or, with `pending`, also as the address
 * of its own pending change: asking for an address someone else is confirming would let two
 * mailed links race for it.
 */
export async function emailHeldByOther(
  tx: AppDb,
  tenantId: number,
  userId: number,
  email: string,
  options: { pending?: boolean } = {},
): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        ne(users.id, userId),
        options.pending
          ? or(eq(users.email, email), eq(users.unconfirmedEmail, email))
          : eq(users.email, email),
      ),
    )
    .limit(1);
  return row !== undefined;
}
