import nodemailer from "nodemailer";
import type { AppDb } from "../db/client";
import { mailOutbox } from "../db/schema";
import type { TEnv } from "../env";
import type { Mailer, MailMessage } from "./mailer";

/** SMTP when SMTP_URL is set (one pooled transport), else the mail_outbox table. */
export function createMailer(config: TEnv, db: AppDb): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      async send(message: MailMessage) {
        await transport.sendMail({
          from: config.MAIL_FROM,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: message.headers,
        });
      },
    };
  }
  return {
    async send(message: MailMessage) {
      await db.insert(mailOutbox).values({
        tenantId: message.tenantId ?? null,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
      });
    },
  };
}
