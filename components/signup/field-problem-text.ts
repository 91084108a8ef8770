import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import {
  type AuthErrorText,
  genericErrorText,
  tooManyAttemptsText,
} from "@/components/auth/auth-error-text";
import { isApiError } from "@/lib/api/errors";
import { fieldProblems, type TFieldProblem } from "@/lib/forms/api-field-problems";
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

export type TSubmitFailure = AuthErrorText & {
  /** The address has an account already: the form offers sign-in and a new password. */
  taken?: boolean;
};

/**
 * A rejected sign-up: the api's 422s go onto the fields they name (the first one gets the
 * focus), the rest becomes the form-level message. What was typed stays in the form.
 * `labels` maps each field path of the form to its label.
 */
export function showSubmitFailure<T extends FieldValues>(
  t: Translator,
  form: UseFormReturn<T>,
  error: unknown,
  labels: Readonly<Record<string, string>>,
  emailField: string,
): TSubmitFailure {
  if (isApiError(error) && error.statusCode === 429)
    return { title: tooManyAttemptsText(t, error) };
  if (!(isApiError(error) && error.statusCode === 422)) return genericErrorText(t, error);
  const { fields } = fieldProblems(error, new Set(Object.keys(labels)));
  if (fields.length === 0) return genericErrorText(t, error);
  fields.forEach(({ field, problem }, index) => {
    form.setError(
      field as Path<T>,
      { type: "server", message: fieldProblemText(t, problem, labels[field] ?? field) },
      { shouldFocus: index === 0 },
    );
  });
  const taken = fields.some(
    ({ field, problem }) => field === emailField && problem.kind === "taken",
  );
  if (taken) {
    return { title: t("signup.taken.title"), description: t("signup.taken.description"), taken };
  }
  return { title: t("signup.rejected") };
}
