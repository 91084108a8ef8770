import { z } from "zod";
import type { AppDb } from "../db/client";
import { enqueue, type TEnqueued } from "./queue";
import { defineJob } from "./registry";

/**
 * Mail goes through the queue (ARCHITECTURE decision 14): the change that causes a mail
 * enqueues it in its own transaction, rendered, and the worker sends it through the
 * mailer (SMTP, or the mail_outbox table without SMTP_URL). A change that rolls back sends
 * nothing; a send that fails is tried again with backoff (docs/jobs.md).
 */

const ZMail = z.object({
  to: z.string().min(1).max(320),
  subject: z.string().min(1).max(1000),
  text: z.string().max(200_000),
  html: z.string().max(500_000).optional(),
  /** The few headers a mail may add: RFC 8058 one-click unsubscribe (the periodic mail). */
  headers: z
    .object({
      "List-Unsubscribe": z.string().min(1).max(2000),
      "List-Unsubscribe-Post": z.literal("List-Unsubscribe=One-Click"),
    })
    .partial()
    .strict()
    .optional(),
});
export type TMailJob = z.infer<typeof ZMail>;

export const mailJob = defineJob({
  kind: "mail",
  payload: ZMail,
  // About an hour and a half of tries (backoffMs): an SMTP server that is down for a
  // while still gets the mail.
  maxAttempts: 10,
  async handler(mail, { mailer, job }) {
    await mailer.send({ ...mail, tenantId: job.tenantId });
  },
  // A sent mail's row keeps its subject only: no address, and no link with a token.
  redactOnSuccess: (mail) => ({ subject: mail.subject, redacted: true }),
});

/** Enqueues one rendered mail in `tx`, the transaction of the change that causes it. */
export function enqueueMail(
  tx: AppDb,
  tenantId: number,
  mail: TMailJob,
  /** A job that sends mail passes its own clock, so the mail is due when the job says. */
  options: { runAt?: Date } = {},
): Promise<TEnqueued> {
  return enqueue(tx, mailJob, mail, { tenantId, ...options });
}
