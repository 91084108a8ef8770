import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { tenantId, timestamps } from "./columns";
import { organizations } from "./organizations";
import { users } from "./users";

/**
 * A centre's or the tenant's own words for one template kind in one language
 * (docs/notification-templates.md). No row: the default of the registry
 * (backend/mail/notification-templates/registry.ts). A centre's row beats the tenant's
 * (volunteer_center_id null). The kind is not checked here: the registry is code, and a
 * row of a kind that is gone is simply never read.
 */
export const notificationTemplates = pgTable(
  "notification_templates",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    /** null: the whole tenant's (superadmins); else that centre's (its admins). */
    volunteerCenterId: integer("volunteer_center_id").references(() => organizations.id, {
      onDelete: "cascade",
    }),
    kind: text("kind").notNull(),
    locale: text("locale").$type<"nl" | "en">().notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    updatedById: integer("updated_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("notification_templates_tenant_scope_idx")
      .on(t.tenantId, t.kind, t.locale)
      .where(sql`${t.volunteerCenterId} is null`),
    uniqueIndex("notification_templates_centre_scope_idx")
      .on(t.tenantId, t.volunteerCenterId, t.kind, t.locale)
      .where(sql`${t.volunteerCenterId} is not null`),
    index("notification_templates_centre_idx").on(t.volunteerCenterId),
    check("notification_templates_locale_check", sql`${t.locale} in ('nl', 'en')`),
  ],
);
