import { z } from "zod";
import { isDeviseEmail, USER_LIMITS, ZUserLocale } from "./user";

/**
 * What /contactformulier sends to a centre (docs/contact-form.md), shared by the web's form
 * and POST /api/v1/contact_messages: the limits, the attributes and the honeypot's name.
 */

export const CONTACT_LIMITS = {
  name: USER_LIMITS.name,
  email: USER_LIMITS.email,
  subject: 200,
  body: 5_000,
} as const;

/**
 * The honeypot: a field people never see nor fill (hidden from sight and from assistive
 * technology). A request that fills it is answered as accepted, and nothing is kept or sent.
 */
export const CONTACT_HONEYPOT = "website" as const;

/** Messages are deleted this many months after they came in (the nightly cleanup). */
export const CONTACT_RETENTION_MONTHS = 12;

export const ZContactMessageAttributes = z
  .object({
    name: z.string().trim().min(1).max(CONTACT_LIMITS.name),
    email: z
      .string()
      .trim()
      .max(CONTACT_LIMITS.email)
      .refine(isDeviseEmail, { message: "is not an email" }),
    subject: z.string().trim().min(1).max(CONTACT_LIMITS.subject),
    body: z.string().trim().min(1).max(CONTACT_LIMITS.body),
    /** Consent to keep the message and answer it: it must be given. */
    consent: z.literal(true),
    /** The language the sender wrote in: their confirmation comes in it. */
    locale: ZUserLocale.optional(),
    [CONTACT_HONEYPOT]: z.string().max(1_000).optional(),
  })
  .strict();
export type TContactMessageAttributes = z.output<typeof ZContactMessageAttributes>;

/** PATCH by a centre's admins: read or unread, handled or not. */
export const ZContactMessageChanges = z
  .object({ read: z.boolean().optional(), handled: z.boolean().optional() })
  .strict();
export type TContactMessageChanges = z.output<typeof ZContactMessageChanges>;
