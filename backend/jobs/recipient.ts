import { and, eq } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { tenants, users } from "../db/schema";

/**
 * What a notice job reads of the person it tells: how to reach them and in which language,
 * and how they chose to hear of things. null when nobody is left to tell (gone, archived or
 * anonymised since the event).
 */
export async function activeRecipient(tx: AppDb, tenantId: number, userId: number) {
  const [recipient] = await tx
    .select({
      email: users.email,
      firstName: users.firstName,
      locale: users.locale,
      status: users.status,
      preferences: users.notificationPreferences,
      /** Whose notification templates apply (docs/notification-templates.md). */
      volunteerCenterId: users.volunteerCenterId,
    })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return recipient?.status === "active" ? recipient : null;
}

/** The tenant's name, the signature of its mails. */
export async function tenantName(tx: AppDb, tenantId: number): Promise<string> {
  const [tenant] = await tx
    .select({ name: tenants.name })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return tenant?.name ?? "";
}
