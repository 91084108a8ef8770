import { integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { timestamps } from "./timestamps";

/** One row per site (spec §1). `slug` is the X-Tenant value. Not tenant-owned itself. */
export const tenants = pgTable("tenants", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  /** Feature switches and settings (spec §1), mirrored from the web's tenant config. */
  settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default({}),
  /** The centre a request belongs to when it names none (Volunteer-Center-Id). */
  defaultVolunteerCenterId: integer("default_volunteer_center_id"),
  ...timestamps,
});
