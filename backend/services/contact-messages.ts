import type { FastifyRequest } from "fastify";
import type { TContactMessageAttributes, TContactMessageChanges } from "../../lib/contract/contact";
import { siteOrigin } from "../auth/redirect-url";
import type { AppDb } from "../db/client";
import { enqueueMail } from "../jobs/mail";
import { contactConfirmationMail, contactMessageMail } from "../mail/templates/contact-message";
import { recordAudit } from "../queries/audit-events";
import {
  deleteContactMessage,
  insertContactMessage,
  type TContactMessage,
  updateContactMessage,
} from "../queries/contact-messages";

/**
 * Sending and handling messages to a centre (docs/contact-form.md). Every mail is enqueued
 * in the transaction that stores the message: a message that rolls back mails nothing.
 */

type TWho = { tenantId: number; actorId: number; now: Date };
type TCentre = { id: number; name: string; address: string | null };

/** Stores the message, and mails it to the centre and a confirmation to the sender. */
export async function sendContactMessage(
  tx: AppDb,
  request: FastifyRequest,
  who: TWho & { locale: "nl" | "en" },
  centre: TCentre,
  body: TContactMessageAttributes,
): Promise<TContactMessage> {
  const message = await insertContactMessage(tx, who.tenantId, {
    volunteerCenterId: centre.id,
    userId: who.actorId,
    name: body.name,
    email: body.email,
    subject: body.subject,
    body: body.body,
    locale: who.locale,
  });
  const tenantName = request.tenant.name;
  const sent = { name: body.name, email: body.email, subject: body.subject, body: body.body };
  if (centre.address) {
    const origin = siteOrigin(request, request.server.config.REDIRECT_HOSTS);
    const link = origin ? `${origin}/contactformulier/berichten` : null;
    const mail = contactMessageMail({ tenantName, centreName: centre.name, message: sent, link });
    await enqueueMail(tx, who.tenantId, { to: centre.address, ...mail });
  } else {
    request.log.warn({ centreId: centre.id }, "contact message kept unmailed: no centre address");
  }
  const confirmation = contactConfirmationMail({
    locale: who.locale,
    tenantName,
    centreName: centre.name,
    message: sent,
  });
  await enqueueMail(tx, who.tenantId, { to: body.email, ...confirmation });
  return message;
}

/** Read or unread, handled or not; a change of "handled" is audited. */
export async function changeContactMessage(
  tx: AppDb,
  who: TWho,
  message: TContactMessage,
  changes: TContactMessageChanges,
): Promise<TContactMessage> {
  const values: Parameters<typeof updateContactMessage>[3] = {};
  if (changes.read !== undefined && changes.read !== (message.readAt !== null)) {
    values.readAt = changes.read ? who.now : null;
  }
  const handledChanged =
    changes.handled !== undefined && changes.handled !== (message.handledAt !== null);
  if (handledChanged) {
    values.handledAt = changes.handled ? who.now : null;
    values.handledById = changes.handled ? who.actorId : null;
    // Handling a message means it has been read.
    if (changes.handled && message.readAt === null) values.readAt = who.now;
  }
  if (Object.keys(values).length === 0) return message;
  const updated = (await updateContactMessage(tx, who.tenantId, message.id, values)) ?? message;
  if (handledChanged) {
    await recordAudit(tx, {
      tenantId: who.tenantId,
      actorId: who.actorId,
      action: "contact_message_updated",
      subject: { type: "ContactMessage", id: message.id, label: message.subject },
      volunteerCenterId: message.volunteerCenterId,
      details: { handled: changes.handled },
      at: who.now,
    });
  }
  return updated;
}

export async function removeContactMessage(tx: AppDb, who: TWho, message: TContactMessage) {
  await deleteContactMessage(tx, who.tenantId, message.id);
  await recordAudit(tx, {
    tenantId: who.tenantId,
    actorId: who.actorId,
    action: "contact_message_deleted",
    subject: { type: "ContactMessage", id: message.id, label: message.subject },
    volunteerCenterId: message.volunteerCenterId,
    at: who.now,
  });
}
