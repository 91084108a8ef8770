import { z } from "zod";
import { FOOTER_LIMITS, isFooterUrl } from "@/lib/contract/site-settings";
import type { SchemaFactory } from "@/lib/forms/use-zod-form";
import type { Translator } from "@/lib/i18n/translator";
import type { TFooterLinkInput } from "./site-settings-types";

// /instellingen/footer's rules are the api's (lib/contract/site-settings.ts), so the form
// sends nothing it would refuse.

export type TFooterFormValues = { text: string; links: TFooterLinkInput[] };

export const footerFormSchema: SchemaFactory<z.ZodType<TFooterFormValues, TFooterFormValues>> = (
  t: Translator,
) => {
  const required = (field: string) => t("validation.required", { field });
  const tooLong = (field: string, max: number) =>
    t("settings.footer.tooLong", { field, max: String(max) });
  const label = t("settings.footer.linkLabel");
  const url = t("settings.footer.linkUrl");
  return z.object({
    text: z
      .string()
      .trim()
      .max(FOOTER_LIMITS.text, tooLong(t("settings.footer.text"), FOOTER_LIMITS.text)),
    links: z
      .array(
        z.object({
          label: z
            .string()
            .trim()
            .min(1, required(label))
            .max(FOOTER_LIMITS.label, tooLong(label, FOOTER_LIMITS.label)),
          url: z
            .string()
            .trim()
            .min(1, required(url))
            .max(FOOTER_LIMITS.url, tooLong(url, FOOTER_LIMITS.url))
            .refine(isFooterUrl, t("settings.footer.urlInvalid")),
        }),
      )
      .max(FOOTER_LIMITS.links),
  });
};

/** The message for a problem the api found on a footer field (its 422 `code`). */
export function footerApiMessage(t: Translator, field: string, code?: string): string {
  const isUrl = field.endsWith(".url");
  const isLabel = field.endsWith(".label");
  const name = isUrl
    ? t("settings.footer.linkUrl")
    : isLabel
      ? t("settings.footer.linkLabel")
      : t("settings.footer.text");
  const max = isUrl ? FOOTER_LIMITS.url : isLabel ? FOOTER_LIMITS.label : FOOTER_LIMITS.text;
  if (code === "blank") return t("validation.required", { field: name });
  if (code === "too_long") return t("settings.footer.tooLong", { field: name, max: String(max) });
  if (isUrl) return t("settings.footer.urlInvalid");
  return t("validation.invalid", { field: name });
}

/** The field paths of a footer with `count` links: where an api error pointer may land. */
export function footerFormFields(count: number): Set<string> {
  const fields = new Set(["text"]);
  for (let i = 0; i < count; i += 1) {
    fields.add(`links.${i}.label`);
    fields.add(`links.${i}.url`);
  }
  return fields;
}
