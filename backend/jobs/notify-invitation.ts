import { z } from "zod";
import { channelFor, wantsInApp, wantsMail } from "../../lib/contract/notification-preferences";
import { type AppDb, withTenant } from "../db/client";
import { notifications } from "../db/schema";
import { templateFor } from "../mail/notification-templates/applicable";
import { mailLocale } from "../mail/templates/layout";
import { invitationNotice, invitationNoticeMail } from "../mail/templates/pool-invitation-notices";
import { findInvitation } from "../queries/pool-invitations";
import { enqueueMail } from "./mail";
import { conversationPath } from "./notify-message";
import { enqueue } from "./queue";
import { activeRecipient, tenantName } from "./recipient";
import { defineJob, PermanentJobError } from "./registry";

/**
 * Telling a volunteer that a centre invites them (docs/volunteer-pool.md): in the app, by
 * mail, both or neither, as they chose for `message_received` (the invitation arrives as the
 * first message of its thread, so it follows that choice rather than adding a kind), in
 * their language of the moment the job runs. Nothing when the invitation was answered or
 * withdrawn meanwhile.
 */

const ZNotifyInvitation = z.object({
  invitationId: z.number().int().positive(),
  origin: z.string().url().max(300).nullable(),
});

export const notifyInvitationJob = defineJob({
  kind: "notify.invitation",
  payload: ZNotifyInvitation,
  async handler(payload, { db, job, log }) {
    if (job.tenantId === null) throw new PermanentJobError("a notification needs a tenant");
    const tenantId = job.tenantId;
    await withTenant(db, tenantId, async (tx) => {
      const invitation = await findInvitation(tx, tenantId, payload.invitationId);
      if (invitation?.status !== "pending") return;
      const recipient = await activeRecipient(tx, tenantId, invitation.userId);
      if (!recipient) return;
      const locale = mailLocale(recipient.locale);
      const path =
        invitation.conversationId === null
          ? "/applications"
          : conversationPath(invitation.conversationId);
      const template = await templateFor(tx, tenantId, {
        centreId: recipient.volunteerCenterId,
        key: "pool.invitation",
        locale,
        log,
        link: payload.origin ? `${payload.origin}${path}` : null,
      });
      const notice = invitationNotice(locale, invitation, template);
      const channel = channelFor(recipient.preferences, "message_received");
      if (wantsInApp(channel)) {
        await tx.insert(notifications).values({
          tenantId,
          userId: invitation.userId,
          kind: "message",
          title: notice.title,
          body: notice.body,
          url: path,
        });
      }
      if (wantsMail(channel)) {
        await enqueueMail(tx, tenantId, {
          to: recipient.email,
          ...invitationNoticeMail({
            locale,
            firstName: recipient.firstName,
            tenantName: await tenantName(tx, tenantId),
            notice,
            origin: payload.origin,
            path,
          }),
        });
      }
    });
  },
});

/** Enqueues the invitation's notice, in `tx`, once per invitation. */
export async function notifyInvitation(
  tx: AppDb,
  tenantId: number,
  params: { invitationId: number; origin: string | null },
): Promise<void> {
  await enqueue(tx, notifyInvitationJob, params, {
    tenantId,
    idempotencyKey: `invitation:${params.invitationId}`,
  });
}
