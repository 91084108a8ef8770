/** What the rest of the api needs of mail; mail/transport.ts builds the real one. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe); the outbox, a development aid, does not keep them. */
  headers?: Record<string, string>;
  tenantId?: number | null;
};

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
