import { z } from "zod";
import { CONTACT_HONEYPOT, CONTACT_LIMITS } from "@/lib/contract/contact";
import { isDeviseEmail } from "@/lib/contract/user";
import type { Translator } from "@/lib/i18n/translator";

// /contactformulier's rules are the api's (lib/contract/contact.ts), so the form sends
// nothing it would refuse (docs/contact-form.md).

export const contactFormSchema = (t: Translator) => {
  const required = (field: string) => t("validation.required", { field });
  const tooLong = (field: string, max: number) =>
    t("contact.form.tooLong", { field, max: String(max) });
  const text = (field: string, max: number) =>
    z.string().trim().min(1, required(field)).max(max, tooLong(field, max));
  const email = t("contact.form.email");
  return z.object({
    name: text(t("contact.form.name"), CONTACT_LIMITS.name),
    email: z
      .string()
      .trim()
      .min(1, required(email))
      .max(CONTACT_LIMITS.email, tooLong(email, CONTACT_LIMITS.email))
      .refine(isDeviseEmail, t("validation.email")),
    subject: text(t("contact.form.subject"), CONTACT_LIMITS.subject),
    body: text(t("contact.form.body"), CONTACT_LIMITS.body),
    consent: z.boolean().refine((given) => given, t("contact.form.consentRequired")),
    [CONTACT_HONEYPOT]: z.string(),
  });
};
export type TContactFormValues = z.infer<ReturnType<typeof contactFormSchema>>;
