import { and, asc, eq, inArray, or } from "drizzle-orm";
import { snakeCaseKey } from "../../lib/api/case";
import { rolesOf } from "../auth/roles";
import type { AppDb } from "../db/client";
import {
  activityEvents,
  applications,
  applicationTransitions,
  conversationParticipants,
  conversations,
  helpPosts,
  messages,
  notifications,
  organizations,
  poolInvitations,
  users,
  vacancies,
  volunteerProfiles,
} from "../db/schema";
import { volunteerProfileTagRows } from "../queries/volunteer-profiles";

/**
 * What "download my data" holds (docs/data-exports.md): everything the site keeps about
 * the person that they can be shown, as one JSON document with snake_case keys. Left out on
 * purpose: password and token digests (they prove nothing to a reader and would weaken the
 * account if the file leaked), and other people's messages (the file holds the messages the
 * person wrote and the threads they are in; the other side's words are theirs).
 */

export const EXPORT_FORMAT_VERSION = 1;

type TJson = null | boolean | number | string | TJson[] | { [key: string]: TJson };

/** camelCase rows → snake_case, dates as ISO instants. */
function plain(value: unknown): TJson {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === "object") {
    const out: Record<string, TJson> = {};
    for (const [key, v] of Object.entries(value)) out[snakeCaseKey(key)] = plain(v);
    return out;
  }
  return value as TJson;
}

export async function gatherExport(
  db: AppDb,
  tenantId: number,
  userId: number,
  generatedAt: Date,
): Promise<Record<string, TJson>> {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      unconfirmedEmail: users.unconfirmedEmail,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      locale: users.locale,
      status: users.status,
      volunteerCenterId: users.volunteerCenterId,
      volunteerCenterName: organizations.name,
      notificationPreferences: users.notificationPreferences,
      confirmedAt: users.confirmedAt,
      invitationAcceptedAt: users.invitationAcceptedAt,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.volunteerCenterId))
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));

  const [profileRow] = await db
    .select()
    .from(volunteerProfiles)
    .where(and(eq(volunteerProfiles.tenantId, tenantId), eq(volunteerProfiles.userId, userId)));
  const profile = profileRow
    ? (() => {
        // The unsubscribe link's token is a credential, not information about the person;
        // the search text is about and skills again, lower-cased for the pool's search.
        const {
          periodicMailUnsubscribeToken: _token,
          tenantId: _tenant,
          searchText: _search,
          ...rest
        } = profileRow;
        return rest;
      })()
    : null;
  const tags = profile ? await volunteerProfileTagRows(db, tenantId, userId) : [];

  const roles = (await rolesOf(db, tenantId, userId)).map((r) => ({
    name: r.name,
    resourceType: r.resourceType,
    resourceId: r.resourceId,
  }));

  const applicationRows = await db
    .select({
      id: applications.id,
      vacancyId: applications.vacancyId,
      vacancyTitle: vacancies.title,
      organizationId: applications.organizationId,
      organizationName: organizations.name,
      status: applications.status,
      motivation: applications.motivation,
      respondedAt: applications.respondedAt,
      statusChangedAt: applications.statusChangedAt,
      createdAt: applications.createdAt,
    })
    .from(applications)
    .innerJoin(vacancies, eq(vacancies.id, applications.vacancyId))
    .innerJoin(organizations, eq(organizations.id, applications.organizationId))
    .where(and(eq(applications.tenantId, tenantId), eq(applications.userId, userId)))
    .orderBy(asc(applications.id));
  const transitions = applicationRows.length
    ? await db
        .select({
          applicationId: applicationTransitions.applicationId,
          event: applicationTransitions.event,
          fromStatus: applicationTransitions.fromStatus,
          toStatus: applicationTransitions.toStatus,
          byMe: applicationTransitions.actorId,
          createdAt: applicationTransitions.createdAt,
        })
        .from(applicationTransitions)
        .where(
          inArray(
            applicationTransitions.applicationId,
            applicationRows.map((a) => a.id),
          ),
        )
        .orderBy(asc(applicationTransitions.id))
    : [];

  // The threads: those they are the volunteer of, and those they take part in as staff.
  const threads = await db
    .select({
      id: conversations.id,
      kind: conversations.kind,
      subject: conversations.subject,
      applicationId: conversations.applicationId,
      organizationId: conversations.organizationId,
      organizationName: organizations.name,
      helpPostId: conversations.helpPostId,
      asVolunteer: conversations.volunteerId,
      messagesCount: conversations.messagesCount,
      lastMessageAt: conversations.lastMessageAt,
      createdAt: conversations.createdAt,
    })
    .from(conversations)
    .leftJoin(organizations, eq(organizations.id, conversations.organizationId))
    .leftJoin(
      conversationParticipants,
      and(
        eq(conversationParticipants.conversationId, conversations.id),
        eq(conversationParticipants.userId, userId),
      ),
    )
    .where(
      and(
        eq(conversations.tenantId, tenantId),
        or(
          eq(conversations.volunteerId, userId),
          eq(conversations.peerId, userId),
          eq(conversationParticipants.userId, userId),
        ),
      ),
    )
    .orderBy(asc(conversations.id));
  const written = await db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      body: messages.body,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(and(eq(messages.tenantId, tenantId), eq(messages.authorId, userId)))
    .orderBy(asc(messages.id));

  const notificationRows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      url: notifications.url,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(and(eq(notifications.tenantId, tenantId), eq(notifications.userId, userId)))
    .orderBy(asc(notifications.id));

  const [signIns] = await db
    .select({
      signInCount: users.signInCount,
      currentSignInAt: users.currentSignInAt,
      currentSignInIp: users.currentSignInIp,
      lastSignInAt: users.lastSignInAt,
      lastSignInIp: users.lastSignInIp,
    })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  const accountEvents = await db
    .select({
      action: activityEvents.action,
      client: activityEvents.client,
      byMe: activityEvents.actorId,
      createdAt: activityEvents.createdAt,
    })
    .from(activityEvents)
    .where(and(eq(activityEvents.tenantId, tenantId), eq(activityEvents.userId, userId)))
    .orderBy(asc(activityEvents.id));

  const posts = await db
    .select({
      id: helpPosts.id,
      kind: helpPosts.kind,
      category: helpPosts.category,
      title: helpPosts.title,
      body: helpPosts.body,
      timing: helpPosts.timing,
      city: helpPosts.city,
      latitude: helpPosts.latitude,
      longitude: helpPosts.longitude,
      status: helpPosts.status,
      expiresAt: helpPosts.expiresAt,
      hiddenReason: helpPosts.hiddenReason,
      createdAt: helpPosts.createdAt,
    })
    .from(helpPosts)
    .where(and(eq(helpPosts.tenantId, tenantId), eq(helpPosts.userId, userId)))
    .orderBy(asc(helpPosts.id));
  const invitations = await db
    .select({
      id: poolInvitations.id,
      vacancyId: poolInvitations.vacancyId,
      vacancyTitle: vacancies.title,
      volunteerCenterId: poolInvitations.volunteerCenterId,
      status: poolInvitations.status,
      message: poolInvitations.message,
      applicationId: poolInvitations.applicationId,
      answeredAt: poolInvitations.answeredAt,
      createdAt: poolInvitations.createdAt,
    })
    .from(poolInvitations)
    .innerJoin(vacancies, eq(vacancies.id, poolInvitations.vacancyId))
    .where(and(eq(poolInvitations.tenantId, tenantId), eq(poolInvitations.userId, userId)))
    .orderBy(asc(poolInvitations.id));

  const own = (id: number | null) => id === userId;
  return plain({
    formatVersion: EXPORT_FORMAT_VERSION,
    generatedAt,
    user: user ? { ...user, roles } : null,
    volunteerProfile: profile ? { ...profile, tags } : null,
    applications: applicationRows.map((a) => ({
      ...a,
      transitions: transitions
        .filter((tr) => tr.applicationId === a.id)
        .map(({ applicationId: _a, byMe, ...tr }) => ({ ...tr, byMe: own(byMe) })),
    })),
    conversations: threads.map(({ asVolunteer, ...thread }) => ({
      ...thread,
      side:
        asVolunteer === userId ? "volunteer" : thread.helpPostId !== null ? "peer" : "organization",
    })),
    messages: written,
    notifications: notificationRows,
    signIns: {
      ...signIns,
      events: accountEvents.map(({ byMe, ...event }) => ({ ...event, byMe: own(byMe) })),
    },
    poolInvitations: invitations,
    posts,
    notes: {
      posts:
        "Your peer-help posts, with the place you gave; others only ever see its town and a ~500 m area.",
      messages:
        "Messages are those you wrote; the conversations list every thread you take part in.",
    },
  }) as Record<string, TJson>;
}
