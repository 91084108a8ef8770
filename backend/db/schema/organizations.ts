import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { TOrganizationStatus, TOrganizationType } from "../../../lib/contract/organization";
import { tenantId, timestamps } from "./columns";

// The types and statuses are the contract's, shared with the web's forms.
export {
  ORGANIZATION_STATUSES,
  ORGANIZATION_TYPES,
  type TOrganizationStatus,
  type TOrganizationType,
} from "../../../lib/contract/organization";

/** Organizations, volunteer centres included (type VolunteerCenter, ARCHITECTURE decision 2). */
export const organizations = pgTable(
  "organizations",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    type: text("type").$type<TOrganizationType>().notNull(),
    name: text("name").notNull(),
    slug: text("slug"),
    status: text("status").$type<TOrganizationStatus>().notNull().default("pending"),
    /** The centre this organization belongs to; null for a centre itself. */
    volunteerCenterId: integer("volunteer_center_id").references(
      (): AnyPgColumn => organizations.id,
      { onDelete: "restrict" },
    ),
    email: text("email"),
    phone: text("phone"),
    website: text("website"),
    ...timestamps,
  },
  (t) => [
    index("organizations_tenant_idx").on(t.tenantId, t.type, t.status),
    index("organizations_center_idx").on(t.volunteerCenterId),
    uniqueIndex("organizations_tenant_slug_idx").on(t.tenantId, t.slug),
    check(
      "organizations_type_check",
      sql`${t.type} in ('VolunteerCenter', 'School', 'Organization')`,
    ),
    check(
      "organizations_status_check",
      sql`${t.status} in ('approved', 'pending', 'denied', 'archived')`,
    ),
  ],
);

export const organizationProfiles = pgTable(
  "organization_profiles",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** One or two sentences for lists and link previews (social map, meta description). */
    summary: text("summary"),
    /** Sanitized HTML from the editor (ARCHITECTURE decision 8). */
    description: text("description"),
    /** An approved organisation is on the social map unless it opts out. */
    socialMapVisible: boolean("social_map_visible").notNull().default(true),
    logoUrl: text("logo_url"),
    contactName: text("contact_name"),
    contactEmail: text("contact_email"),
    contactPhone: text("contact_phone"),
    ...timestamps,
  },
  (t) => [uniqueIndex("organization_profiles_org_idx").on(t.organizationId)],
);
