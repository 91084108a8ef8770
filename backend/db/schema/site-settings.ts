import { integer, jsonb, pgTable, serial, uniqueIndex } from "drizzle-orm/pg-core";
import { tenantId, timestamps } from "./columns";
import { organizations } from "./organizations";

/**
 * A volunteer centre's own settings for its public site (spec §2 /instellingen: design
 * and footer; docs/api-site-settings.md). The centre's name and contact details are the
 * organization row and its profile; this holds only what has no other home.
 * `theme` is a partial theme (palette, font, shape) laid over the tenant's own by the web
 * (lib/theme/resolve-theme.ts); `footer` is the footer's text and links.
 */
export type TSiteFooter = { text?: string | null; links?: { label: string; url: string }[] };
export type TSiteTheme = {
  palette?: { primary?: string; secondary?: string; neutral?: string };
  font?: string;
  shape?: string;
};

export const siteSettings = pgTable(
  "site_settings",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    volunteerCenterId: integer("volunteer_center_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    theme: jsonb("theme").$type<TSiteTheme>().notNull().default({}),
    footer: jsonb("footer").$type<TSiteFooter>().notNull().default({}),
    ...timestamps,
  },
  (t) => [uniqueIndex("site_settings_center_idx").on(t.volunteerCenterId)],
);
