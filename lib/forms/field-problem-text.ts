import type { TFieldProblem } from "@/lib/forms/api-field-problems";
import type { Translator } from "@/lib/i18n/translator";

/** A field's problem as the api reported it, in the form's words (spec §5: localized). */
export function fieldProblemText(t: Translator, problem: TFieldProblem, field: string): string {
  switch (problem.kind) {
    case "blank":
      return t("validation.required", { field });
    case "taken":
      return t("signup.problems.taken");
    case "email":
      return t("validation.email");
    case "tooShort":
      return t("validation.minLength", { field, min: String(problem.min) });
    case "tooLong":
      return t("signup.problems.tooLong", { field, max: String(problem.max) });
    case "confirmation":
      return t("validation.passwordMismatch");
    case "postalCode":
      return t("signup.problems.postalCode");
    case "website":
      return t("signup.problems.website");
    default:
      return t("validation.invalid", { field });
  }
}
