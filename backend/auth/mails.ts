import type { FastifyRequest } from "fastify";
import type { TRenderedMail } from "../mail/templates/layout";

/** Sends one rendered auth mail to the user, tagged with the tenant. */
export async function deliver(
  request: FastifyRequest,
  user: { email: string },
  mail: TRenderedMail,
): Promise<void> {
  await request.server.mailer.send({
    to: user.email,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    tenantId: request.tenant.id,
  });
}
