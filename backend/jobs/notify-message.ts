import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { MESSAGE_MAIL_INTERVAL_MS } from "../../lib/contract/conversations";
import { channelFor, wantsInApp, wantsMail } from "../../lib/contract/notification-preferences";
import { type AppDb, withTenant } from "../db/client";
import { conversationParticipants, notifications } from "../db/schema";
import { templateFor } from "../mail/notification-templates/applicable";
import { mailLocale } from "../mail/templates/layout";
import { messageNotice, messageNoticeMail } from "../mail/templates/message-notices";
import { findConversation, messagesOf, participantRow } from "../queries/conversations";
import { enqueueMail } from "./mail";
import { enqueue } from "./queue";
import { activeRecipient, tenantName } from "./recipient";
import { defineJob, PermanentJobError } from "./registry";

/**
 * Telling one participant of a new message (docs/api-conversations.md). As they chose for
 * `message_received`: one in-app notification per thread while it is unread (a burst of
 * messages does not fill the bell), and at most one mail per thread every 15 minutes. Nothing
 * when they have read the thread by the time the job runs.
 */

const ZNotifyMessage = z.object({
  conversationId: z.number().int().positive(),
  messageId: z.number().int().positive(),
  recipientId: z.number().int().positive(),
  origin: z.string().url().max(300).nullable(),
});

export const conversationPath = (id: number) => `/conversations?id=${id}`;

export const notifyMessageJob = defineJob({
  kind: "notify.message",
  payload: ZNotifyMessage,
  async handler(payload, { db, job, now, log }) {
    if (job.tenantId === null) throw new PermanentJobError("a notification needs a tenant");
    const tenantId = job.tenantId;
    await withTenant(db, tenantId, async (tx) => {
      const recipient = await activeRecipient(tx, tenantId, payload.recipientId);
      if (!recipient) return;
      const place = await participantRow(tx, payload.conversationId, payload.recipientId);
      if (!place || place.unreadCount === 0) return;
      const conversation = await findConversation(
        tx,
        tenantId,
        payload.recipientId,
        payload.conversationId,
      );
      if (!conversation) return;
      // The newest message speaks for a burst: its author is who the notice names.
      const [message] = await messagesOf(tx, tenantId, payload.conversationId, 1);
      const locale = mailLocale(recipient.locale);
      const path = conversationPath(conversation.id);
      const template = await templateFor(tx, tenantId, {
        centreId: recipient.volunteerCenterId,
        key: "message.new",
        locale,
        log,
        link: payload.origin ? `${payload.origin}${path}` : null,
      });
      const notice = messageNotice(
        locale,
        {
          author: message?.authorName ?? null,
          title: conversation.title ?? "",
          preview: conversation.lastMessagePreview ?? "",
        },
        template,
      );
      const channel = channelFor(recipient.preferences, "message_received");
      if (
        wantsInApp(channel) &&
        !(await unreadNoticeExists(tx, tenantId, payload.recipientId, path))
      ) {
        await tx.insert(notifications).values({
          tenantId,
          userId: payload.recipientId,
          kind: "message",
          title: notice.title,
          body: notice.body,
          url: path,
        });
      }
      const mailedRecently =
        place.lastMailedAt !== null &&
        now.getTime() - place.lastMailedAt.getTime() < MESSAGE_MAIL_INTERVAL_MS;
      if (wantsMail(channel) && !mailedRecently) {
        await enqueueMail(tx, tenantId, {
          to: recipient.email,
          ...messageNoticeMail({
            locale,
            firstName: recipient.firstName,
            tenantName: await tenantName(tx, tenantId),
            notice,
            origin: payload.origin,
            path,
          }),
        });
        await tx
          .update(conversationParticipants)
          .set({ lastMailedAt: now })
          .where(
            and(
              eq(conversationParticipants.conversationId, payload.conversationId),
              eq(conversationParticipants.userId, payload.recipientId),
            ),
          );
      }
    });
  },
});

async function unreadNoticeExists(tx: AppDb, tenantId: number, userId: number, url: string) {
  const [row] = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.tenantId, tenantId),
        eq(notifications.userId, userId),
        eq(notifications.url, url),
        isNull(notifications.readAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Enqueues the notice of a new message to each other participant, in `tx`. */
export async function notifyMessage(
  tx: AppDb,
  tenantId: number,
  params: {
    conversationId: number;
    messageId: number;
    recipientIds: readonly number[];
    origin: string | null;
  },
): Promise<void> {
  for (const recipientId of params.recipientIds) {
    await enqueue(
      tx,
      notifyMessageJob,
      {
        conversationId: params.conversationId,
        messageId: params.messageId,
        recipientId,
        origin: params.origin,
      },
      { tenantId, idempotencyKey: `message:${params.messageId}:${recipientId}` },
    );
  }
}
