import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  REGISTRATION_LIMITS,
  REGISTRATION_STATUSES,
  type TRegistrationStatus,
} from "../../../lib/contract/activity-registrations";
import { activities } from "./activities";
import { tenantId, timestamps } from "./columns";
import { users } from "./users";

const quoted = (list: readonly string[]) => sql.raw(list.map((a) => `'${a}'`).join(", "));

/**
 * A person's place at an activity (docs/activity-registrations.md): signed up, or on the
 * waiting list of a full one, in the order they came (`id`); a cancelled row stays for the
 * record and frees the place for the first on the list. Staff mark attendance afterwards,
 * with the minutes given (the activity's length unless they say otherwise): what the
 * volunteer's "hours this year" and the analytics count.
 */
export const activityRegistrations = pgTable(
  "activity_registrations",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    activityId: integer("activity_id")
      .notNull()
      .references(() => activities.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").$type<TRegistrationStatus>().notNull(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** When a waiting-list place became a real one. */
    promotedAt: timestamp("promoted_at", { withTimezone: true }),
    attended: boolean("attended"),
    minutes: integer("minutes"),
    attendanceMarkedById: integer("attendance_marked_by_id").references(() => users.id, {
      onDelete: "set null",
    }),
    attendanceMarkedAt: timestamp("attendance_marked_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // One live place per person and activity; cancelled rows pile up beside it.
    uniqueIndex("activity_registrations_live_idx")
      .on(t.activityId, t.userId)
      .where(sql`${t.status} <> 'cancelled'`),
    index("activity_registrations_activity_idx").on(t.activityId, t.status, t.id),
    index("activity_registrations_user_idx").on(t.tenantId, t.userId, t.status),
    check(
      "activity_registrations_status_check",
      sql`${t.status} in (${quoted(REGISTRATION_STATUSES)})`,
    ),
    check(
      "activity_registrations_cancelled_check",
      sql`(${t.status} = 'cancelled') = (${t.cancelledAt} is not null)`,
    ),
    check(
      "activity_registrations_minutes_check",
      sql`${t.minutes} is null or (${t.minutes} between 0 and ${sql.raw(String(REGISTRATION_LIMITS.maxMinutes))} and ${t.attended} is true)`,
    ),
  ],
);

export type TActivityRegistration = typeof activityRegistrations.$inferSelect;
