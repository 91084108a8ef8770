import { z } from "zod";
import { ZRecordId } from "./vacancies";

/**
 * What the api takes when a notification template is overridden or previewed
 * (docs/notification-templates.md), shared with the web's form. Whether the Liquid parses
 * and uses only the kind's variables is the api's check (a 422 on subject or body).
 */

export const TEMPLATE_LOCALES = ["nl", "en"] as const;
export type TTemplateLocale = (typeof TEMPLATE_LOCALES)[number];

export const TEMPLATE_TEXT_LIMITS = { kind: 100, subject: 300, body: 10_000 } as const;

const text = {
  subject: z.string().trim().min(1).max(TEMPLATE_TEXT_LIMITS.subject),
  body: z
    .string()
    .max(TEMPLATE_TEXT_LIMITS.body)
    .refine((b) => b.trim() !== "", "blank"),
};

export const ZNotificationTemplateAttributes = z
  .object({
    kind: z.string().trim().min(1).max(TEMPLATE_TEXT_LIMITS.kind),
    locale: z.enum(TEMPLATE_LOCALES),
    /** null or absent: the whole tenant's (superadmins); else that centre's. */
    volunteer_center_id: ZRecordId.nullable().optional(),
    ...text,
  })
  .strict();
export type TNotificationTemplateAttributes = z.output<typeof ZNotificationTemplateAttributes>;

export const ZNotificationTemplateChanges = z
  .object({ subject: text.subject.optional(), body: text.body.optional() })
  .strict();

/** A preview or a test mail: the kind's sample data through this (unsaved) text. */
export const ZNotificationTemplatePreview = z
  .object({
    kind: z.string().trim().min(1).max(TEMPLATE_TEXT_LIMITS.kind),
    locale: z.enum(TEMPLATE_LOCALES),
    ...text,
  })
  .strict();
export type TNotificationTemplatePreview = z.output<typeof ZNotificationTemplatePreview>;
