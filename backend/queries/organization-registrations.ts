import { and, eq } from "drizzle-orm";
import { addRole } from "../auth/roles";
import type { TUser } from "../auth/user-json";
import type { AppDb } from "../db/client";
import { users } from "../db/schema";
import type { TOrganizationRegistration } from "../domain/organization-input";
import { auditOrganization } from "./organization-audit";
import {
  insertOrganization,
  saveOrganizationAddress,
  saveOrganizationProfile,
} from "./organization-writes";
import type { TOrganization } from "./organizations";

/** Is the address an account of the tenant already (any status, anonymised ones too)? */
export async function emailTaken(db: AppDb, tenantId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.email, email)))
    .limit(1);
  return Boolean(row);
}

/**
 * Organisation sign-up in one transaction (docs/api-organization-signup.md): the
 * organization pending in the site's centre with its address and profile, its first admin
 * (active, not yet confirmed, registered with the same centre) and the audit entry, by
 * the new account itself. The caller hashes the password outside the transaction.
 */
export async function registerOrganization(
  tx: AppDb,
  tenantId: number,
  centreId: number,
  input: TOrganizationRegistration,
  passwordDigest: string,
): Promise<{ organization: TOrganization; user: TUser }> {
  const { organization: o, user: u } = input;
  const organization = await insertOrganization(tx, tenantId, {
    type: o.type,
    name: o.name,
    status: "pending",
    volunteerCenterId: centreId,
    email: o.email ?? null,
    phone: o.phone ?? null,
    website: o.website ?? null,
  });
  await saveOrganizationAddress(tx, tenantId, organization.id, o.address);
  await saveOrganizationProfile(tx, tenantId, organization.id, { description: o.description });
  const [user] = await tx
    .insert(users)
    .values({
      tenantId,
      email: u.email,
      uid: u.email,
      provider: "email",
      encryptedPassword: passwordDigest,
      firstName: u.first_name,
      lastName: u.last_name,
      locale: u.locale ?? "nl",
      status: "active",
      volunteerCenterId: centreId,
    })
    .returning();
  await addRole(tx, tenantId, user.id, "admin", { type: "Organization", id: organization.id });
  await auditOrganization(tx, {
    tenantId,
    actorId: user.id,
    action: "organization_registered",
    organization,
    details: { user_id: user.id },
  });
  return { organization, user };
}
