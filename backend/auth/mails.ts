import type { FastifyRequest } from "fastify";
import type { AppDb } from "../db/client";
import { enqueueMail } from "../jobs/mail";
import type { TRenderedMail } from "../mail/templates/layout";

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
