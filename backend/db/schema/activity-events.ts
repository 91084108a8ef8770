import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { tenantId } from "./columns";
import { users } from "./users";

/**
 * Who did what to which account, and when (docs/api-activity.md). Now: a user's own
 * account activity for the toolbar's activity panel (spec §2), written by backend/auth
 * where each change happens. Named for the later audit log of administrative actions,
 * which adds actions on the same table: `user_id` is the record the event is about,
 * `actor_id` who did it.
 *
 * Append-only: an event is never changed, so there is no updated_at, and the app role may
 * only read and insert (migration 0005). No IP address and no raw User-Agent: `client` is
 * a short description of the browser family and operating system, or null.
 */

export const ACTIVITY_ACTIONS = [
  "signed_in",
  "signed_out",
  "password_changed",
  "password_reset_requested",
  "account_confirmed",
  "account_locked",
  "account_unlocked",
] as const;
export type TActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** "Firefox op Linux" is 16; 120 leaves room for any later family name, never a raw UA. */
export const ACTIVITY_CLIENT_MAX = 120;

const quoted = ACTIVITY_ACTIONS.map((action) => `'${action}'`).join(", ");

export const activityEvents = pgTable(
  "activity_events",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    /** The account the event is about. */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Who did it: user_id for one's own actions, null for the system (a lockout) or an
     *  unknown requester (a reset asked for by e-mail address). */
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").$type<TActivityAction>().notNull(),
    client: text("client"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The panel's list: one user's events newest first, id breaking ties. NULLS FIRST is
    // what a plain `order by … desc` means, so the planner reads the index for it.
    index("activity_events_user_created_idx").on(
      t.tenantId,
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check("activity_events_action_check", sql`${t.action} in (${sql.raw(quoted)})`),
    check(
      "activity_events_client_check",
      sql`char_length(${t.client}) between 1 and ${sql.raw(String(ACTIVITY_CLIENT_MAX))}`,
    ),
  ],
);
