import type { Translator } from "@/lib/i18n/translator";

/**
 * The message for a field the api refused (422, by pointer), in the active language: the
 * api's own details are English and meant for developers (lib/api/use-api-mutation.ts).
 */
export function fieldErrorText(t: Translator, code: string, field: string): string {
  switch (code) {
    case "taken":
      return t("userAdmin.errors.emailTaken");
    case "blank":
      return t("validation.required", { field });
    case "too_long":
      return t("userAdmin.errors.tooLong", { field });
    case "not_found":
      return t("userAdmin.errors.resourceGone");
    default:
      return t("validation.invalid", { field });
  }
}
