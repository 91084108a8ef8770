import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { AUDIT_ACTIONS, AUDIT_SUBJECT_TYPES } from "../../../lib/audit/audit-types";
import { tenantId } from "./columns";
import { users } from "./users";

/**
 * The audit log of administrative actions (docs/audit-log.md): who did
 * what, when, to which record. Written by the api in the same transaction as the change it
 * records, so the entry and the change stand or fall together (unlike activity_events,
 * where a failed entry never blocks a sign-in).
 *
 * Append-only: the app role may only read and insert (migration 0006). The subject is
 * polymorphic, Rails-style, without a foreign key: a deleted organization keeps its
 * entries, and `subject_label` keeps what it was called. `volunteer_center_id` is the
 * centre the action concerns; its admins read the entry (null: superadmins only).
 */

// One list of actions and subjects for the table's checks, the api's filters and the web's
// labels; the migrations that replace the checks must name the same values.
export { AUDIT_ACTIONS, AUDIT_SUBJECT_TYPES };
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];
export type TAuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

export const AUDIT_LABEL_MAX = 300;

const quoted = (list: readonly string[]) => sql.raw(list.map((a) => `'${a}'`).join(", "));

export const auditEvents = pgTable(
  "audit_events",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    /** Who did it; null once that account is gone, or for the system. */
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").$type<TAuditAction>().notNull(),
    subjectType: text("subject_type").$type<TAuditSubjectType>().notNull(),
    subjectId: integer("subject_id").notNull(),
    /** The record's name or e-mail address when the entry was written. */
    subjectLabel: text("subject_label"),
    /** The centre the action concerns: its admins see the entry. */
    volunteerCenterId: integer("volunteer_center_id"),
    /** What changed, e.g. {from, to} of a status, the role and its resource. */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_events_tenant_created_idx").on(
      t.tenantId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("audit_events_center_created_idx").on(
      t.tenantId,
      t.volunteerCenterId,
      t.createdAt.desc().nullsFirst(),
    ),
    index("audit_events_subject_idx").on(t.tenantId, t.subjectType, t.subjectId),
    check("audit_events_action_check", sql`${t.action} in (${quoted(AUDIT_ACTIONS)})`),
    check(
      "audit_events_subject_type_check",
      sql`${t.subjectType} in (${quoted(AUDIT_SUBJECT_TYPES)})`,
    ),
    check(
      "audit_events_subject_label_check",
      sql`char_length(${t.subjectLabel}) <= ${sql.raw(String(AUDIT_LABEL_MAX))}`,
    ),
  ],
);
