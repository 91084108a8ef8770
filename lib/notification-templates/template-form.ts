import { z } from "zod";
import { TEMPLATE_LOCALES, TEMPLATE_TEXT_LIMITS } from "@/lib/contract/notification-templates";
import { rules } from "@/lib/forms/rules";
import type { Translator } from "@/lib/i18n/translator";

/**
 * The forms of /notification_templates/add and /:id/edit. Whether the Liquid is valid is
 * the api's check (its 422 lands on subject or body); these rules only catch the blanks.
 */

function textRules(t: Translator) {
  const r = rules(t);
  const tooLong = (field: string, max: number) =>
    t("notificationTemplates.form.tooLong", { field, max: String(max) });
  const subject = t("notificationTemplates.form.subject");
  const body = t("notificationTemplates.form.body");
  return {
    subject: r
      .required(subject)
      .pipe(
        z
          .string()
          .max(TEMPLATE_TEXT_LIMITS.subject, tooLong(subject, TEMPLATE_TEXT_LIMITS.subject)),
      ),
    body: r
      .required(body)
      .pipe(z.string().max(TEMPLATE_TEXT_LIMITS.body, tooLong(body, TEMPLATE_TEXT_LIMITS.body))),
  };
}

export function templateEditSchema(t: Translator) {
  return z.object(textRules(t));
}

/** `scope`: "tenant" or a centre's id. */
export function templateAddSchema(t: Translator) {
  const r = rules(t);
  return z.object({
    kind: r.required(t("notificationTemplates.form.kind")),
    locale: z.enum(TEMPLATE_LOCALES),
    scope: r.required(t("notificationTemplates.form.scope")),
    ...textRules(t),
  });
}
