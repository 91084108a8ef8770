import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { CONTACT_LIMITS } from "../../../lib/contract/contact";
import { tenantId, timestamps } from "./columns";
import { organizations } from "./organizations";
import { users } from "./users";

/**
 * A message sent to a volunteer centre through /contactformulier (docs/contact-form.md).
 * Its centre's admins read it in the back office; `read_at` and `handled_at` are their
 * marks. The sender's name and address are kept as typed (they may differ from the
 * account's); `user_id` is who was signed in, null once that account is gone. Deleted by
 * the nightly cleanup CONTACT_RETENTION_MONTHS after it came in.
 */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    volunteerCenterId: integer("volunteer_center_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    locale: text("locale").$type<"nl" | "en">().notNull().default("nl"),
    readAt: timestamp("read_at", { withTimezone: true }),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledById: integer("handled_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("contact_messages_centre_idx").on(t.tenantId, t.volunteerCenterId, t.createdAt.desc()),
    index("contact_messages_created_idx").on(t.createdAt),
    check("contact_messages_locale_check", sql`${t.locale} in ('nl', 'en')`),
    check(
      "contact_messages_length_check",
      sql`char_length(${t.name}) <= ${sql.raw(String(CONTACT_LIMITS.name))} and char_length(${t.email}) <= ${sql.raw(String(CONTACT_LIMITS.email))} and char_length(${t.subject}) <= ${sql.raw(String(CONTACT_LIMITS.subject))} and char_length(${t.body}) <= ${sql.raw(String(CONTACT_LIMITS.body))}`,
    ),
  ],
);
