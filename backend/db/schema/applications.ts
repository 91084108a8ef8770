import { sql } from "drizzle-orm";
import {
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
  APPLICATION_LIMITS,
  APPLICATION_STATUSES,
  OPEN_APPLICATION_STATUSES,
  type TApplicationStatus,
} from "../../../lib/contract/applications";
import { tenantId, timestamps } from "./columns";
import { organizations } from "./organizations";
import { users } from "./users";
import { vacancies } from "./vacancies";

const quoted = (list: readonly string[]) => sql.raw(list.map((a) => `'${a}'`).join(", "));

/**
 * A volunteer's application to a vacancy (docs/status-machines.md, "Applications").
 * `organization_id` and `volunteer_center_id` are the vacancy's, kept on the row so the
 * organisation's staff and the centre's admins list theirs with one indexed condition.
 * When each step happened is kept on the row (`responded_at`: the organisation's first
 * reply or decision) and, step by step, in application_transitions: the analytics need
 * reply times.
 */
export const applications = pgTable(
  "applications",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    vacancyId: integer("vacancy_id")
      .notNull()
      .references(() => vacancies.id, { onDelete: "cascade" }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    volunteerCenterId: integer("volunteer_center_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "restrict" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").$type<TApplicationStatus>().notNull().default("new"),
    motivation: text("motivation").notNull().default(""),
    /** The organisation's first reply or decision: the start of its reply time. */
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    /** When the application reached its current status. */
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }).notNull().defaultNow(),
    /** The organisation's staff were reminded that it waits for a reply (docs/reply-times.md). */
    nudgedAt: timestamp("nudged_at", { withTimezone: true }),
    /** The centre's admins were told that it still waits. */
    escalatedAt: timestamp("escalated_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // One open application per volunteer per vacancy; a settled one leaves room for a new one.
    uniqueIndex("applications_open_idx")
      .on(t.tenantId, t.vacancyId, t.userId)
      .where(sql`${t.status} in (${quoted(OPEN_APPLICATION_STATUSES)})`),
    index("applications_organization_idx").on(t.tenantId, t.organizationId, t.status, t.id.desc()),
    index("applications_center_idx").on(t.tenantId, t.volunteerCenterId, t.status, t.id.desc()),
    index("applications_user_idx").on(t.tenantId, t.userId, t.id.desc()),
    index("applications_vacancy_idx").on(t.vacancyId, t.status),
    // The analytics (docs/analytics.md): a centre's applications of a period with every
    // column its figures read (drizzle has no INCLUDE: they trail the key), so a range is an
    // index-only scan of its own rows.
    index("applications_analytics_idx").on(
      t.tenantId,
      t.volunteerCenterId,
      t.createdAt,
      t.respondedAt,
      t.status,
      t.statusChangedAt,
      t.userId,
      t.vacancyId,
    ),
    // The reply-time scan: what is still unanswered, oldest first.
    index("applications_unanswered_idx")
      .on(t.tenantId, t.createdAt)
      .where(sql`${t.respondedAt} is null and ${t.status} = 'new'`),
    check("applications_status_check", sql`${t.status} in (${quoted(APPLICATION_STATUSES)})`),
    check(
      "applications_motivation_check",
      sql`char_length(${t.motivation}) <= ${sql.raw(String(APPLICATION_LIMITS.motivation))}`,
    ),
  ],
);

/** Every move of an application, with who made it (null: the system) and when. */
export const applicationTransitions = pgTable(
  "application_transitions",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    applicationId: integer("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    fromStatus: text("from_status").$type<TApplicationStatus>().notNull(),
    toStatus: text("to_status").$type<TApplicationStatus>().notNull(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("application_transitions_application_idx").on(t.applicationId, t.id),
    check(
      "application_transitions_status_check",
      sql`${t.fromStatus} in (${quoted(APPLICATION_STATUSES)}) and ${t.toStatus} in (${quoted(APPLICATION_STATUSES)})`,
    ),
  ],
);

export type TApplication = typeof applications.$inferSelect;
export type TApplicationTransition = typeof applicationTransitions.$inferSelect;
