import { and, eq, type SQL } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { CONVERSATION_KINDS, CONVERSATION_LIMITS } from "../../lib/contract/conversations";
import { siteOrigin } from "../auth/redirect-url";
import type { AppDb } from "../db/client";
import { conversations, organizations, users } from "../db/schema";
import { badRequest, notFound } from "../errors";
import { defineRoute } from "../http/define-route";
import { listDocument } from "../http/documents";
import {
  attributesBody,
  documentQuery,
  listQuery,
  pathParams,
  refineReader,
  resourceBody,
  ZPathId,
} from "../http/inputs";
import { stringParam } from "../jsonapi/query";
import { serialize, type TResource } from "../jsonapi/serializer";
import { unprocessable } from "../jsonapi/validation";
import { can, type TActor } from "../policies/policy";
import {
  findConversation,
  listConversations,
  markRead,
  messagesOf,
  participantsOf,
  staffOf,
  type TConversationRow,
  unreadTotal,
} from "../queries/conversations";
import { postMessage, startDirectConversation } from "../services/conversations";

/**
 * /api/v1/conversations (docs/api-conversations.md): the threads between a volunteer and an
 * organisation, one per application, and direct threads a centre's staff start with a
 * volunteer. Only the two sides read and write a thread (the volunteer, and the instance
 * admins and members of its organisation); to anyone else it is a 404. Every answer about
 * threads carries `meta.unread_count`, the caller's unread messages over all their threads.
 */

export const messageResource: TResource = {
  type: "message",
  attributes: ["body", "authorId", "authorName", "mine", "conversationId", "createdAt"],
};

const participantResource: TResource = {
  type: "user",
  attributes: ["firstName", "lastName", "side"],
};

export const conversationResource: TResource = {
  type: "conversation",
  attributes: [
    "kind",
    "title",
    "subject",
    "side",
    "applicationId",
    "organizationId",
    "organizationName",
    "volunteerId",
    "volunteerName",
    "helpPostId",
    "peerId",
    "peerName",
    "lastMessageAt",
    "lastMessagePreview",
    "messagesCount",
    "unreadCount",
    "createdAt",
  ],
  relationships: {
    messages: { kind: "many", resource: () => messageResource },
    participants: { kind: "many", resource: () => participantResource },
  },
};

export const INCLUDABLE = ["messages", "participants"];
const PAGE_LIMITS = { defaultSize: 25, maxSize: 100 };
const ZIdParams = z.object({ id: ZPathId });

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    // PostgreSQL text holds no NUL; refused here as a 422, not a 500 there.
    .refine((value) => !value.includes("\u0000"), { message: "is invalid" });

export const ZMessageInput = z.object({ body: text(CONVERSATION_LIMITS.message) });
const ZDirectInput = z.object({
  subject: text(CONVERSATION_LIMITS.subject),
  body: text(CONVERSATION_LIMITS.message),
});

const listReader = refineReader(
  listQuery({
    resource: conversationResource,
    filter: { kind: conversations.kind, application_id: conversations.applicationId },
    onlyFilters: ["kind_eq", "application_id_eq", "unread"],
    filterEnums: { kind: CONVERSATION_KINDS },
    extraFilters: ["unread"],
    page: PAGE_LIMITS,
  }),
  (list) => {
    if (list.orderBy.length > 0) throw badRequest("sort is not a parameter of this list", "sort");
    const unread = stringParam(list.extra, "unread");
    if (unread !== undefined && !["true", "false"].includes(unread)) {
      throw badRequest(`'${unread}' is not a valid value for filter[unread]`, "filter[unread]");
    }
    return { ...list, unread: unread === "true" };
  },
);

const origin = (request: FastifyRequest) =>
  siteOrigin(request, request.server.config.REDIRECT_HOSTS);

/** Who the caller is in the thread: its volunteer, a help post's poster, or staff. */
export const sideOf = (row: TConversationRow, actorId: number) =>
  row.volunteerId === actorId ? "volunteer" : row.peerId === actorId ? "peer" : "organization";

const factsOf = (row: TConversationRow) => ({
  volunteerId: row.volunteerId,
  organizationId: row.organizationId,
  peerId: row.peerId,
});

/** The thread, if the caller is on one of its sides; a 404 otherwise, whatever the reason. */
export async function ownThread(
  tx: AppDb,
  tenantId: number,
  actor: NonNullable<TActor>,
  id: number,
): Promise<TConversationRow> {
  const row = await findConversation(tx, tenantId, actor.id, id);
  if (!row || !can(actor, "conversations.read", factsOf(row))) throw notFound();
  return row;
}

export async function present(
  tx: AppDb,
  tenantId: number,
  actor: NonNullable<TActor>,
  row: TConversationRow,
  include: readonly string[],
) {
  const messages = include.includes("messages")
    ? (await messagesOf(tx, tenantId, row.id)).map((m) => ({ ...m, mine: m.authorId === actor.id }))
    : [];
  const participants = include.includes("participants") ? await participantsOf(tx, row) : [];
  return {
    ...row,
    side: sideOf(row, actor.id),
    messages,
    participants,
  };
}

export async function conversationRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: "GET",
    url: "/conversations",
    summary: "The caller's conversations, newest activity first, with meta.unread_count",
    auth: "signed_in",
    query: listReader,
    action: "conversations.list",
    facts: () => ({}),
    response: { resource: conversationResource, many: true },
    handler: async ({ tx, tenant, actor, query, request }) => {
      const where: SQL[] = query.where ? [query.where] : [];
      const { rows, records, unreadCount } = await listConversations(tx, {
        tenantId: tenant.id,
        userId: actor.id,
        organizationIds: staffOf(actor.roles),
        where,
        unreadOnly: query.unread,
        limit: query.page.size,
        offset: query.page.offset,
      });
      const data = rows.map((row) => ({
        ...row,
        side: sideOf(row, actor.id),
        messages: [],
        participants: [],
      }));
      return listDocument(request, conversationResource, query, data, records, {
        unread_count: unreadCount,
      });
    },
  });

  defineRoute(app, {
    method: "GET",
    url: "/conversations/:id",
    summary: "One of the caller's conversations, with its newest messages on request",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    query: documentQuery(conversationResource, INCLUDABLE),
    load: ({ tx, tenant, actor, params }) => ownThread(tx, tenant.id, actor, params.id),
    action: "conversations.read",
    facts: (_ctx, row) => factsOf(row),
    response: { resource: conversationResource, many: false },
    handler: async ({ tx, tenant, actor, query }, row) => {
      const data = await present(tx, tenant.id, actor, row, query.include);
      const unreadCount = await unreadTotal(tx, tenant.id, actor.id, staffOf(actor.roles));
      return serialize(conversationResource, data, {
        ...query,
        meta: { unread_count: unreadCount },
      });
    },
  });

  defineRoute(app, {
    method: "POST",
    url: "/conversations/:id/messages",
    summary: "Write a message in one of the caller's conversations",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    body: attributesBody(ZMessageInput, { types: ["messages", "message"] }),
    load: ({ tx, tenant, actor, params }) => ownThread(tx, tenant.id, actor, params.id),
    action: "conversations.reply",
    facts: (_ctx, row) => factsOf(row),
    status: 201,
    response: { resource: messageResource, many: false },
    handler: async ({ tx, actor, body, request }, row) => {
      const message = await postMessage(tx, {
        conversation: row,
        authorId: actor.id,
        body: body.body,
        origin: origin(request),
      });
      const [withAuthor] = (await messagesOf(tx, row.tenantId, row.id, 1)).filter(
        (m) => m.id === message.id,
      );
      return serialize(messageResource, { ...(withAuthor ?? message), mine: true });
    },
  });

  defineRoute(app, {
    method: "PUT",
    url: "/conversations/:id/read",
    summary: "Mark one of the caller's conversations read up to now",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    load: ({ tx, tenant, actor, params }) => ownThread(tx, tenant.id, actor, params.id),
    action: "conversations.read",
    facts: (_ctx, row) => factsOf(row),
    response: { resource: conversationResource, many: false },
    handler: async ({ tx, tenant, actor }, row) => {
      await markRead(tx, tenant.id, row.id, actor.id);
      const unreadCount = await unreadTotal(tx, tenant.id, actor.id, staffOf(actor.roles));
      const data = await present(tx, tenant.id, actor, { ...row, unreadCount: 0 }, []);
      return serialize(conversationResource, data, { meta: { unread_count: unreadCount } });
    },
  });

  defineRoute(app, {
    method: "POST",
    url: "/conversations",
    summary: "Start a direct conversation with a volunteer (a centre's staff)",
    auth: "signed_in",
    query: documentQuery(conversationResource, INCLUDABLE),
    body: resourceBody(ZDirectInput, {
      types: ["conversations", "conversation"],
      relationships: {
        volunteer: { types: ["users", "user"], kind: "one", required: true },
        organization: { types: ["organizations", "organization"], kind: "one", required: false },
      },
    }),
    // The centre the thread is started for: the one named, else the site's own.
    load: async ({ tx, tenant, volunteerCenterId, body }) => {
      const id = body.relationships.organization ?? volunteerCenterId;
      const [centre] =
        id === null || id === undefined
          ? []
          : await tx
              .select({ id: organizations.id, type: organizations.type })
              .from(organizations)
              .where(and(eq(organizations.tenantId, tenant.id), eq(organizations.id, id)));
      if (centre?.type !== "VolunteerCenter") {
        throw unprocessable([
          {
            detail: "Organization must be a volunteer centre",
            code: "invalid",
            source: { pointer: "/data/relationships/organization" },
          },
        ]);
      }
      return centre;
    },
    action: "conversations.create",
    facts: (_ctx, centre) => ({ organizationId: centre.id, organizationType: centre.type }),
    status: 201,
    response: { resource: conversationResource, many: false },
    handler: async ({ tx, tenant, actor, body, query, request }, centre) => {
      const volunteerId = body.relationships.volunteer;
      const [person] = await tx
        .select({ id: users.id, status: users.status })
        .from(users)
        .where(and(eq(users.tenantId, tenant.id), eq(users.id, volunteerId)));
      if (person?.status !== "active" || person.id === actor.id) {
        throw unprocessable([
          {
            detail: "Volunteer must be an active user",
            code: "invalid",
            source: { pointer: "/data/relationships/volunteer" },
          },
        ]);
      }
      const started = await startDirectConversation(tx, {
        tenantId: tenant.id,
        centreId: centre.id,
        volunteerId,
        authorId: actor.id,
        subject: body.attributes.subject,
        body: body.attributes.body,
        origin: origin(request),
      });
      const row = await ownThread(tx, tenant.id, actor, started.id);
      const data = await present(tx, tenant.id, actor, row, query.include);
      return serialize(conversationResource, data, query);
    },
  });
}
