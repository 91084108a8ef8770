import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import {
  type AuthErrorText,
  genericErrorText,
  tooManyAttemptsText,
} from "@/components/auth/auth-error-text";
import { isApiError } from "@/lib/api/errors";
import { fieldProblems } from "@/lib/forms/api-field-problems";
import { fieldProblemText } from "@/lib/forms/field-problem-text";
import type { Translator } from "@/lib/i18n/translator";

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
