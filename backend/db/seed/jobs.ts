import type { TMailJob } from "../../jobs/mail";

// Two mail jobs on every site, so the back office's job list (/admin/jobs) shows both ends
// on a fresh database: one mail sent, and one the receiving server refused on every try,
// which a superadmin can run again. Found again by their idempotency keys.

const HOUR = 3_600_000;

export type TSeedJob = {
  idempotencyKey: string;
  state: "succeeded" | "failed";
  attempts: number;
  maxAttempts: number;
  payload: TMailJob | { subject: string; redacted: true };
  lastError: string | null;
  /** How long before the seed ran it was enqueued, and finished. */
  createdAgoMs: number;
  finishedAgoMs: number;
};

export function seedJobs(tenantSlug: string, siteName: string): TSeedJob[] {
  const failedTo = `niet-bezorgd@${tenantSlug}.volunteerly.test`;
  return [
    {
      idempotencyKey: "seed:mail-sent",
      state: "succeeded",
      attempts: 1,
      maxAttempts: 10,
      // A sent mail keeps its subject only (backend/jobs/mail.ts).
      payload: { subject: `Welkom bij ${siteName}`, redacted: true },
      lastError: null,
      createdAgoMs: 26 * HOUR,
      finishedAgoMs: 26 * HOUR,
    },
    {
      idempotencyKey: "seed:mail-refused",
      state: "failed",
      attempts: 10,
      maxAttempts: 10,
      payload: {
        to: failedTo,
        subject: `Je aanmelding bij ${siteName}`,
        text: `Hallo,\n\nWe hebben je aanmelding bij ${siteName} ontvangen.\n`,
      },
      lastError: `Error: 550 5.1.1 <${failedTo}>: mailbox unavailable`,
      createdAgoMs: 5 * HOUR,
      finishedAgoMs: 3 * HOUR,
    },
  ];
}
