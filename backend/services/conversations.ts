import type { AppDb } from "../db/client";
import type { TConversation } from "../db/schema";
import { statusAfterOrganizationReply } from "../domain/application-status";
import { notifyMessage } from "../jobs/notify-message";
import { findApplication, moveApplication } from "../queries/applications";
import { helpPostConversation, insertConversation, insertMessage } from "../queries/conversations";

/**
 * The use cases of conversations (docs/api-conversations.md): a thread for every
 * application, a direct thread from a centre's staff, a resident's answer to a peer-help
 * post, and a message, which tells the other
 * participants and, the organisation's first reply, moves a new application to
 * in_conversation (docs/status-machines.md).
 */

/** The thread of a new application: the applicant and the organisation's staff. */
export function startApplicationConversation(
  tx: AppDb,
  application: { id: number; tenantId: number; organizationId: number; userId: number },
): Promise<TConversation> {
  return insertConversation(tx, {
    tenantId: application.tenantId,
    kind: "application",
    applicationId: application.id,
    organizationId: application.organizationId,
    volunteerId: application.userId,
    subject: null,
    createdById: application.userId,
  });
}

export async function postMessage(
  tx: AppDb,
  params: {
    conversation: TConversation;
    authorId: number;
    body: string;
    origin: string | null;
  },
) {
  const { conversation } = params;
  const { message, others } = await insertMessage(tx, {
    conversation,
    authorId: params.authorId,
    body: params.body,
  });
  // A reply from the organisation's side (anyone on the thread but the volunteer).
  if (conversation.applicationId !== null && params.authorId !== conversation.volunteerId) {
    const application = await findApplication(
      tx,
      conversation.tenantId,
      conversation.applicationId,
    );
    if (application) {
      const to = statusAfterOrganizationReply(application.status);
      if (to !== application.status) {
        await moveApplication(tx, {
          tenantId: conversation.tenantId,
          id: application.id,
          from: application.status,
          to,
          event: "reply",
          actorId: params.authorId,
          reply: true,
        });
      }
    }
  }
  await notifyMessage(tx, conversation.tenantId, {
    conversationId: conversation.id,
    messageId: message.id,
    recipientIds: others,
    origin: params.origin,
  });
  return message;
}

/** A centre's staff member starts a thread with a volunteer, with a first message. */
export async function startDirectConversation(
  tx: AppDb,
  params: {
    tenantId: number;
    centreId: number;
    volunteerId: number;
    authorId: number;
    subject: string;
    body: string;
    origin: string | null;
  },
) {
  const conversation = await insertConversation(tx, {
    tenantId: params.tenantId,
    kind: "direct",
    applicationId: null,
    organizationId: params.centreId,
    volunteerId: params.volunteerId,
    subject: params.subject,
    createdById: params.authorId,
  });
  await postMessage(tx, {
    conversation,
    authorId: params.authorId,
    body: params.body,
    origin: params.origin,
  });
  return conversation;
}

/**
 * A resident answers a peer-help post: the first answer starts a thread with its poster,
 * titled by the post; answering again continues the same thread.
 */
export async function answerHelpPost(
  tx: AppDb,
  params: {
    tenantId: number;
    post: { id: number; userId: number; title: string };
    authorId: number;
    body: string;
    origin: string | null;
  },
): Promise<{ conversation: TConversation; started: boolean }> {
  const existing = await helpPostConversation(tx, params.tenantId, params.post.id, params.authorId);
  const conversation =
    existing ??
    (await insertConversation(tx, {
      tenantId: params.tenantId,
      kind: "help",
      applicationId: null,
      peerId: params.post.userId,
      helpPostId: params.post.id,
      volunteerId: params.authorId,
      subject: params.post.title,
      createdById: params.authorId,
    }));
  await postMessage(tx, {
    conversation,
    authorId: params.authorId,
    body: params.body,
    origin: params.origin,
  });
  return { conversation, started: existing === null };
}
