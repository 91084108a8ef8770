import { index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { tenantId, timestamps } from "./columns";
import { organizations } from "./organizations";

/** Desks ('balies') at asylum-seeker centres (spec §3). */
export const desks = pgTable(
  "desks",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    azcName: text("azc_name").notNull(),
    slug: text("slug").notNull(),
    volunteerCenterId: integer("volunteer_center_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "restrict" }),
    /** The organization that runs the desk (spec §4: 'the desk of the selected organization'). */
    organizationId: integer("organization_id").references(() => organizations.id, {
      onDelete: "set null",
    }),
    email: text("email"),
    phone: text("phone"),
    /** The desk's welcome page (spec §2 '/:balie/welkom'); the body is sanitized HTML. */
    welcomeTitle: text("welcome_title"),
    welcomeBody: text("welcome_body"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("desks_tenant_slug_idx").on(t.tenantId, t.slug),
    index("desks_center_idx").on(t.volunteerCenterId),
  ],
);
