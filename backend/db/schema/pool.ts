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
  POOL_INVITATION_STATUSES,
  POOL_LIMITS,
  type TPoolInvitationStatus,
} from "../../../lib/contract/pool";
import { applications } from "./applications";
import { tenantId, timestamps } from "./columns";
import { conversations } from "./conversations";
import { organizations } from "./organizations";
import { users } from "./users";
import { vacancies } from "./vacancies";

const quoted = (list: readonly string[]) => sql.raw(list.map((a) => `'${a}'`).join(", "));

/**
 * A centre's question to a volunteer of its pool: would you do this vacancy? It comes with a
 * conversation (kind `invitation`, the centre's side), a notification and a mail; accepting
 * it makes an application (`application_id`). One pending invitation per volunteer and
 * vacancy. `volunteer_center_id` is the vacancy's centre, so the centre's staff list theirs
 * with one indexed condition.
 */
export const poolInvitations = pgTable(
  "pool_invitations",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    volunteerCenterId: integer("volunteer_center_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    vacancyId: integer("vacancy_id")
      .notNull()
      .references(() => vacancies.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    invitedById: integer("invited_by_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status").$type<TPoolInvitationStatus>().notNull().default("pending"),
    message: text("message").notNull().default(""),
    conversationId: integer("conversation_id").references(() => conversations.id, {
      onDelete: "set null",
    }),
    applicationId: integer("application_id").references(() => applications.id, {
      onDelete: "set null",
    }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("pool_invitations_pending_idx")
      .on(t.tenantId, t.vacancyId, t.userId)
      .where(sql`${t.status} = 'pending'`),
    index("pool_invitations_user_idx").on(t.tenantId, t.userId, t.id.desc()),
    index("pool_invitations_center_idx").on(t.tenantId, t.volunteerCenterId, t.id.desc()),
    check(
      "pool_invitations_status_check",
      sql`${t.status} in (${quoted(POOL_INVITATION_STATUSES)})`,
    ),
    check(
      "pool_invitations_message_check",
      sql`char_length(${t.message}) <= ${sql.raw(String(POOL_LIMITS.message))}`,
    ),
    check(
      "pool_invitations_answer_check",
      sql`(${t.status} in ('accepted', 'declined')) = (${t.answeredAt} is not null)`,
    ),
  ],
);

export type TPoolInvitation = typeof poolInvitations.$inferSelect;
