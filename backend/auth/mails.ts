import type { FastifyRequest } from "fastify";
import type { AppDb } from "../db/client";
import { enqueueMail } from "../jobs/mail";
import { templateFor } from "../mail/notification-templates/applicable";
import type { TTemplateKey } from "../mail/notification-templates/registry";
import { mailLocale, type TRenderedMail } from "../mail/templates/layout";

/**
 * Enqueues one rendered mail to the user, tagged with the tenant, in `tx`: the transaction
 * of the change that causes it (withTenant), so a change that rolls back sends nothing.
 * The job queue sends it (backend/jobs/mail.ts).
 */
export async function deliver(
  tx: AppDb,
  request: FastifyRequest,
  user: { email: string },
  mail: TRenderedMail,
): Promise<void> {
  await enqueueMail(tx, request.tenant.id, {
    to: user.email,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  });
}

/**
 * The override of `key` that applies to the mail's recipient (their centre's, else the
 * tenant's; docs/notification-templates.md), and the request's log for a fallback. Spread
 * it first into the mail's facts: the mail's own link comes after it.
 */
export async function templateOf(
  tx: AppDb,
  request: FastifyRequest,
  recipient: { locale: string | null; volunteerCenterId?: number | null },
  key: TTemplateKey,
) {
  const { override, log } = await templateFor(tx, request.tenant.id, {
    centreId: recipient.volunteerCenterId ?? null,
    key,
    locale: mailLocale(recipient.locale),
    log: request.log,
  });
  return { override, log };
}
