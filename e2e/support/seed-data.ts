import { SEED_ORGANIZATIONS } from "../../backend/db/seed/organizations";
import { SEED_TENANTS } from "../../backend/db/seed/tenants";
import { SEED_USERS } from "../../backend/db/seed/users";

// What the seed put in the database, read from the seed itself so the specs follow it.

/** "Anouk Jansen" for the local part "admin". */
export function seedUserName(localPart: string): string {
  const user = SEED_USERS.find((u) => u.localPart === localPart);
  if (!user) throw new Error(`no seed user '${localPart}'`);
  return `${user.firstName} ${user.lastName}`;
}

/** The name of the organization a tenant's demo roles hang on ("defaultCenter", "school", …). */
export function seedAnchorName(
  tenantSlug: string,
  anchor: "defaultCenter" | "school" | "organization",
): string {
  const tenant = SEED_TENANTS.find((t) => t.slug === tenantSlug);
  const slug = tenant?.anchors[anchor];
  const organization = SEED_ORGANIZATIONS[tenantSlug]?.find((o) => o.slug === slug);
  if (!organization) throw new Error(`no seeded ${anchor} for tenant '${tenantSlug}'`);
  return organization.name;
}
