import { and, count, desc, eq, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import { CONVERSATION_LIMITS, type TConversationKind } from "../../lib/contract/conversations";
import type { TRoleRef } from "../auth/roles";
import type { AppDb } from "../db/client";
import {
  applications,
  conversationParticipants,
  conversations,
  messages,
  organizations,
  type TConversation,
  type TMessage,
  users,
  vacancies,
} from "../db/schema";
import { organizationStaffIds } from "./applications";

/**
 * Conversations as the api reads and writes them (docs/api-conversations.md). Who is in a
 * thread is `sidesCondition` here and `conversations.read` in the policy: the volunteer, and
 * the instance admins and members of its organisation, or, in a peer-help thread, the
 * post's poster.
 */

/** The organisations the caller is staff of (instance admin or member). */
export const staffOf = (list: readonly TRoleRef[]): number[] =>
  list
    .filter(
      (r) =>
        (r.name === "admin" || r.name === "member") &&
        r.resourceType === "Organization" &&
        r.resourceId !== null,
    )
    .map((r) => r.resourceId as number);

export function sidesCondition(userId: number, organizationIds: readonly number[]): SQL {
  const own = or(eq(conversations.volunteerId, userId), eq(conversations.peerId, userId)) as SQL;
  return organizationIds.length
    ? (or(own, inArray(conversations.organizationId, [...organizationIds])) as SQL)
    : own;
}

export type TConversationRow = TConversation & {
  unreadCount: number;
  title: string | null;
  organizationName: string | null;
  volunteerName: string;
  peerName: string | null;
};

const volunteer = users;
const peer = alias(users, "peer");
const fullName = (table: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string>`trim(coalesce(${table.firstName}, '') || ' ' || coalesce(${table.lastName}, ''))`;

/** A conversation with the caller's unread count and the names the list shows. */
function selectConversations(db: AppDb, userId: number) {
  return db
    .select({
      conversation: conversations,
      unreadCount: sql<number>`coalesce(${conversationParticipants.unreadCount}, 0)`.mapWith(
        Number,
      ),
      title: sql<string | null>`coalesce(${vacancies.title}, ${conversations.subject})`,
      organizationName: organizations.name,
      volunteerName: fullName(volunteer),
      peerName: sql<
        string | null
      >`case when ${peer.id} is null then null else ${fullName(peer)} end`,
    })
    .from(conversations)
    .leftJoin(organizations, eq(organizations.id, conversations.organizationId))
    .innerJoin(volunteer, eq(volunteer.id, conversations.volunteerId))
    .leftJoin(peer, eq(peer.id, conversations.peerId))
    .leftJoin(applications, eq(applications.id, conversations.applicationId))
    .leftJoin(vacancies, eq(vacancies.id, applications.vacancyId))
    .leftJoin(
      conversationParticipants,
      and(
        eq(conversationParticipants.conversationId, conversations.id),
        eq(conversationParticipants.userId, userId),
      ),
    );
}

const flatten = (row: {
  conversation: TConversation;
  unreadCount: number;
  title: string | null;
  organizationName: string | null;
  volunteerName: string;
  peerName: string | null;
}): TConversationRow => ({
  ...row.conversation,
  unreadCount: row.unreadCount,
  title: row.title,
  organizationName: row.organizationName,
  volunteerName: row.volunteerName,
  peerName: row.peerName,
});

/** One page of the caller's threads, newest activity first, the count and their unread total. */
export async function listConversations(
  db: AppDb,
  params: {
    tenantId: number;
    userId: number;
    organizationIds: readonly number[];
    where: SQL[];
    unreadOnly: boolean;
    limit: number;
    offset: number;
  },
): Promise<{ rows: TConversationRow[]; records: number; unreadCount: number }> {
  const mine = sidesCondition(params.userId, params.organizationIds);
  const unread = sql`coalesce(${conversationParticipants.unreadCount}, 0) > 0`;
  const where = and(
    eq(conversations.tenantId, params.tenantId),
    mine,
    ...params.where,
    ...(params.unreadOnly ? [unread] : []),
  );
  const joinedParticipant = and(
    eq(conversationParticipants.conversationId, conversations.id),
    eq(conversationParticipants.userId, params.userId),
  );
  const rows = await selectConversations(db, params.userId)
    .where(where)
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(params.limit)
    .offset(params.offset);
  const [{ records }] = await db
    .select({ records: count() })
    .from(conversations)
    .leftJoin(conversationParticipants, joinedParticipant)
    .where(where);
  const unreadCount = await unreadTotal(db, params.tenantId, params.userId, params.organizationIds);
  return { rows: rows.map(flatten), records, unreadCount };
}

/** What the caller has not read, over every thread they are still in. */
export async function unreadTotal(
  db: AppDb,
  tenantId: number,
  userId: number,
  organizationIds: readonly number[],
): Promise<number> {
  const [{ total }] = await db
    .select({
      total: sql<number>`coalesce(sum(${conversationParticipants.unreadCount}), 0)`.mapWith(Number),
    })
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .where(
      and(
        eq(conversationParticipants.tenantId, tenantId),
        eq(conversationParticipants.userId, userId),
        sql`${conversationParticipants.unreadCount} > 0`,
        sidesCondition(userId, organizationIds),
      ),
    );
  return total;
}

export async function findConversation(
  db: AppDb,
  tenantId: number,
  userId: number,
  id: number,
): Promise<TConversationRow | null> {
  const [row] = await selectConversations(db, userId).where(
    and(eq(conversations.tenantId, tenantId), eq(conversations.id, id)),
  );
  return row ? flatten(row) : null;
}

export async function conversationOfApplication(
  db: AppDb,
  tenantId: number,
  applicationId: number,
): Promise<TConversation | null> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(eq(conversations.tenantId, tenantId), eq(conversations.applicationId, applicationId)),
    );
  return row ?? null;
}

/** The threads of these applications, by application id. */
export async function conversationsOfApplications(
  db: AppDb,
  tenantId: number,
  applicationIds: readonly number[],
) {
  if (applicationIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: conversations.id,
      applicationId: conversations.applicationId,
      lastMessageAt: conversations.lastMessageAt,
      messagesCount: conversations.messagesCount,
    })
    .from(conversations)
    .where(
      and(
        eq(conversations.tenantId, tenantId),
        inArray(conversations.applicationId, [...applicationIds]),
      ),
    );
  return new Map(rows.map((r) => [r.applicationId as number, r]));
}

/** The thread in which this resident answered this help post, if they did. */
export async function helpPostConversation(
  db: AppDb,
  tenantId: number,
  helpPostId: number,
  userId: number,
): Promise<TConversation | null> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.tenantId, tenantId),
        eq(conversations.helpPostId, helpPostId),
        eq(conversations.volunteerId, userId),
      ),
    );
  return row ?? null;
}

/** The caller's threads about these help posts, by post id. */
export async function helpPostThreads(
  db: AppDb,
  tenantId: number,
  userId: number,
  helpPostIds: readonly number[],
): Promise<Map<number, number>> {
  if (helpPostIds.length === 0) return new Map();
  const rows = await db
    .select({ id: conversations.id, helpPostId: conversations.helpPostId })
    .from(conversations)
    .where(
      and(
        eq(conversations.tenantId, tenantId),
        eq(conversations.volunteerId, userId),
        inArray(conversations.helpPostId, [...helpPostIds]),
      ),
    );
  return new Map(rows.map((r) => [r.helpPostId as number, r.id]));
}

/** Starts a thread with a row for each person on its two sides. */
export async function insertConversation(
  db: AppDb,
  values: {
    tenantId: number;
    kind: TConversationKind;
    applicationId: number | null;
    volunteerId: number;
    subject: string | null;
    createdById: number;
  } & (
    | { organizationId: number; peerId?: undefined; helpPostId?: undefined }
    | { organizationId?: undefined; peerId: number; helpPostId: number }
  ),
): Promise<TConversation> {
  const [row] = await db
    .insert(conversations)
    .values({ ...values, lastMessageAt: sql`now()` })
    .returning();
  await joinSides(db, row);
  return row;
}

/** Makes sure everyone now on the thread's two sides has a row (new staff join here). */
export async function joinSides(db: AppDb, conversation: TConversation): Promise<number[]> {
  const otherSide =
    conversation.organizationId === null
      ? [conversation.peerId as number]
      : await organizationStaffIds(db, conversation.tenantId, conversation.organizationId);
  const people = [conversation.volunteerId, ...otherSide];
  const unique = [...new Set(people)];
  await db
    .insert(conversationParticipants)
    .values(
      unique.map((userId) => ({
        tenantId: conversation.tenantId,
        conversationId: conversation.id,
        userId,
      })),
    )
    .onConflictDoNothing();
  return unique;
}

/**
 * Adds a message: the thread's last activity and preview move on, and everyone on the
 * thread but the author has one more unread. Returns the message and who else is in it.
 */
export async function insertMessage(
  db: AppDb,
  params: { conversation: TConversation; authorId: number; body: string },
): Promise<{ message: TMessage; others: number[] }> {
  const { conversation } = params;
  const people = await joinSides(db, conversation);
  const [message] = await db
    .insert(messages)
    .values({
      tenantId: conversation.tenantId,
      conversationId: conversation.id,
      authorId: params.authorId,
      body: params.body,
    })
    .returning();
  await db
    .update(conversations)
    .set({
      lastMessageAt: message.createdAt,
      lastMessagePreview: params.body.replace(/\s+/g, " ").slice(0, CONVERSATION_LIMITS.preview),
      messagesCount: sql`${conversations.messagesCount} + 1`,
      updatedAt: message.createdAt,
    })
    .where(eq(conversations.id, conversation.id));
  await db
    .update(conversationParticipants)
    .set({ unreadCount: sql`${conversationParticipants.unreadCount} + 1` })
    .where(
      and(
        eq(conversationParticipants.conversationId, conversation.id),
        ne(conversationParticipants.userId, params.authorId),
      ),
    );
  await markRead(db, conversation.tenantId, conversation.id, params.authorId);
  return { message, others: people.filter((id) => id !== params.authorId) };
}

/** The caller has read the thread up to now. */
export async function markRead(
  db: AppDb,
  tenantId: number,
  conversationId: number,
  userId: number,
): Promise<void> {
  await db
    .insert(conversationParticipants)
    .values({ tenantId, conversationId, userId, unreadCount: 0, lastReadAt: sql`now()` })
    .onConflictDoUpdate({
      target: [conversationParticipants.conversationId, conversationParticipants.userId],
      set: { unreadCount: 0, lastReadAt: sql`now()`, updatedAt: sql`now()` },
    });
}

export type TMessageRow = TMessage & { authorName: string | null };

/** The newest messages of a thread, oldest first, with their authors' names. */
export async function messagesOf(
  db: AppDb,
  tenantId: number,
  conversationId: number,
  limit: number = CONVERSATION_LIMITS.includedMessages,
): Promise<TMessageRow[]> {
  const rows = await db
    .select({
      message: messages,
      authorName: sql<
        string | null
      >`nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), '')`,
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.authorId))
    .where(and(eq(messages.tenantId, tenantId), eq(messages.conversationId, conversationId)))
    .orderBy(desc(messages.id))
    .limit(limit);
  return rows.reverse().map((r) => ({ ...r.message, authorName: r.authorName }));
}

type TSide = "volunteer" | "organization" | "peer";

export type TParticipantRow = {
  id: number;
  firstName: string | null;
  lastName: string | null;
  side: TSide;
};

/** The people with a place in the thread, the volunteer first. */
export async function participantsOf(
  db: AppDb,
  conversation: TConversation,
): Promise<TParticipantRow[]> {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(conversationParticipants)
    .innerJoin(users, eq(users.id, conversationParticipants.userId))
    .where(eq(conversationParticipants.conversationId, conversation.id))
    .orderBy(users.id);
  return rows
    .map((r) => ({
      ...r,
      side: (r.id === conversation.volunteerId
        ? "volunteer"
        : conversation.peerId === r.id
          ? "peer"
          : "organization") as TSide,
    }))
    .sort((a, b) => (a.side === b.side ? a.id - b.id : a.side === "volunteer" ? -1 : 1));
}

/** The caller's row in a thread, for the mail throttle. */
export async function participantRow(db: AppDb, conversationId: number, userId: number) {
  const [row] = await db
    .select()
    .from(conversationParticipants)
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        eq(conversationParticipants.userId, userId),
      ),
    );
  return row ?? null;
}
