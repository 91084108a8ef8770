import type { TFieldKind } from "@/lib/contract/forms";
import type { Translator } from "@/lib/i18n/translator";

/** A kind's name in the page's language (one literal key per kind, for the message check). */
export function kindLabel(t: Translator, kind: TFieldKind): string {
  switch (kind) {
    case "short_text":
      return t("formBuilder.kinds.shortText");
    case "long_text":
      return t("formBuilder.kinds.longText");
    case "email":
      return t("formBuilder.kinds.email");
    case "phone":
      return t("formBuilder.kinds.phone");
    case "number":
      return t("formBuilder.kinds.number");
    case "date":
      return t("formBuilder.kinds.date");
    case "single_choice":
      return t("formBuilder.kinds.singleChoice");
    case "multiple_choice":
      return t("formBuilder.kinds.multipleChoice");
    case "dropdown":
      return t("formBuilder.kinds.dropdown");
    case "yes_no":
      return t("formBuilder.kinds.yesNo");
    case "consent":
      return t("formBuilder.kinds.consent");
    case "heading":
      return t("formBuilder.kinds.heading");
    case "paragraph":
      return t("formBuilder.kinds.paragraph");
  }
}

/** The names of a field's bounds for its kind: a length, a value, a date or a count. */
export function boundLabels(t: Translator, kind: TFieldKind): { min: string; max: string } {
  switch (kind) {
    case "number":
      return { min: t("formBuilder.bounds.minValue"), max: t("formBuilder.bounds.maxValue") };
    case "date":
      return { min: t("formBuilder.bounds.minDate"), max: t("formBuilder.bounds.maxDate") };
    case "multiple_choice":
      return { min: t("formBuilder.bounds.minCount"), max: t("formBuilder.bounds.maxCount") };
    default:
      return { min: t("formBuilder.bounds.minLength"), max: t("formBuilder.bounds.maxLength") };
  }
}
