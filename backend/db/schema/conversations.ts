import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  CONVERSATION_KINDS,
  CONVERSATION_LIMITS,
  type TConversationKind,
} from "../../../lib/contract/conversations";
import { applications } from "./applications";
import { tenantId, timestamps } from "./columns";
import { helpPosts } from "./help-posts";
import { organizations } from "./organizations";
import { users } from "./users";

const quoted = (list: readonly string[]) => sql.raw(list.map((a) => `'${a}'`).join(", "));
const n = (value: number) => sql.raw(String(value));

/**
 * A thread between a volunteer and an organisation (docs/api-conversations.md): one per
 * application (`kind` application), or one a centre's staff start with a volunteer (`kind`
 * direct, `organization_id` the centre). Its two sides are the volunteer and the staff of
 * `organization_id` (instance admins and members), whoever they are at the time: nobody else
 * reads it. A peer-help thread (`kind` help) is between two residents instead: the one who
 * answered a post (`volunteer_id`) and its poster (`peer_id`), with no organisation. The last message's time and text are kept on the row, so a list of a thousand
 * threads sorts and previews without reading messages.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    kind: text("kind").$type<TConversationKind>().notNull(),
    applicationId: integer("application_id").references(() => applications.id, {
      onDelete: "cascade",
    }),
    organizationId: integer("organization_id").references(() => organizations.id, {
      onDelete: "cascade",
    }),
    /** A help thread's poster; the post itself may go (account deletion), the thread stays. */
    peerId: integer("peer_id").references(() => users.id, { onDelete: "cascade" }),
    helpPostId: integer("help_post_id").references(() => helpPosts.id, { onDelete: "set null" }),
    volunteerId: integer("volunteer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A direct thread's subject; an application's thread is titled by its vacancy. */
    subject: text("subject"),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    lastMessagePreview: text("last_message_preview"),
    messagesCount: integer("messages_count").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("conversations_application_idx").on(t.applicationId),
    index("conversations_volunteer_idx").on(t.tenantId, t.volunteerId, t.lastMessageAt.desc()),
    index("conversations_organization_idx").on(
      t.tenantId,
      t.organizationId,
      t.lastMessageAt.desc(),
    ),
    index("conversations_peer_idx")
      .on(t.tenantId, t.peerId, t.lastMessageAt.desc())
      .where(sql`${t.peerId} is not null`),
    // One thread per post and answerer: answering again continues it.
    uniqueIndex("conversations_help_post_idx")
      .on(t.helpPostId, t.volunteerId)
      .where(sql`${t.helpPostId} is not null`),
    check("conversations_kind_check", sql`${t.kind} in (${quoted(CONVERSATION_KINDS)})`),
    check(
      "conversations_sides_check",
      sql`case when ${t.kind} = 'help' then ${t.peerId} is not null and ${t.organizationId} is null else ${t.organizationId} is not null and ${t.peerId} is null end`,
    ),
    check(
      "conversations_application_check",
      sql`(${t.kind} = 'application') = (${t.applicationId} is not null)`,
    ),
    check(
      "conversations_subject_check",
      sql`char_length(${t.subject}) <= ${n(CONVERSATION_LIMITS.subject)}`,
    ),
  ],
);

/** One message: plain text, never HTML (the web makes links clickable itself). */
export const messages = pgTable(
  "messages",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("messages_conversation_idx").on(t.conversationId, t.id),
    check(
      "messages_body_check",
      sql`char_length(${t.body}) between 1 and ${n(CONVERSATION_LIMITS.message)}`,
    ),
  ],
);

/**
 * A person's place in a thread: what they have not read yet and when they were last mailed
 * about it (at most one mail per thread per 15 minutes). Rows are made for both sides when
 * the thread starts and for whoever is on a side when a message arrives; someone without a
 * row has nothing unread there.
 */
export const conversationParticipants = pgTable(
  "conversation_participants",
  {
    tenantId: tenantId(),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    unreadCount: integer("unread_count").notNull().default(0),
    lastReadAt: timestamp("last_read_at", { withTimezone: true }),
    lastMailedAt: timestamp("last_mailed_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index("conversation_participants_user_idx").on(t.tenantId, t.userId, t.unreadCount),
    check("conversation_participants_unread_check", sql`${t.unreadCount} >= 0`),
  ],
);

export type TConversation = typeof conversations.$inferSelect;
export type TMessage = typeof messages.$inferSelect;
