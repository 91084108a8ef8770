import { seedPagesFor } from "../../backend/db/seed/content-pages";
import { SEED_DESKS } from "../../backend/db/seed/desks";
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

/** The slug of a tenant's first seeded desk ('balie'), the `:balie` of its desk pages. */
export function seedDeskSlug(tenantSlug: string): string {
  const desk = SEED_DESKS[tenantSlug]?.[0];
  if (!desk) throw new Error(`no seeded desk for tenant '${tenantSlug}'`);
  return desk.slug;
}

/** A seeded Dutch content page of a tenant other than the home page, for `/:slug`. */
export function seedContentSlug(tenantSlug: string): string {
  const page = seedPagesFor(tenantSlug).find((p) => p.locale === "nl" && p.slug !== "home");
  if (!page) throw new Error(`no seeded content page for tenant '${tenantSlug}'`);
  return page.slug;
}
