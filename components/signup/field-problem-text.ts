import {
  type AuthErrorText,
  genericErrorText,
  tooManyAttemptsText,
} from "@/components/auth/auth-error-text";
import { isApiError } from "@/lib/api/errors";
import type { TFieldError } from "@/lib/forms/api-field-errors";
import { problemOf } from "@/lib/forms/api-field-problems";
import type { TFormFailure } from "@/lib/forms/use-api-form";
import type { Translator } from "@/lib/i18n/translator";

export type TSubmitFailure = AuthErrorText & {
  /** The address has an account already: the form offers sign-in and a new password. */
  taken?: boolean;
};

/**
 * What the sign-up forms say above their fields about a rejected sign-up (useApiForm's
 * describeFailure; the 422s are on the fields by then): too many attempts, the address
 * that has an account already (with sign-in and a new password on offer), a rejection, or
 * spec §8's generic text. `emailField` is the path of the form's own address.
 */
export function signupFailure(t: Translator, emailField: string) {
  return (error: unknown, placed: readonly TFieldError[]): TFormFailure => {
    if (isApiError(error) && error.statusCode === 429) {
      return { title: tooManyAttemptsText(t, error) };
    }
    if (!(isApiError(error) && error.statusCode === 422) || placed.length === 0) {
      return genericErrorText(t, error);
    }
    const taken = placed.some(
      ({ field, error: item }) => field === emailField && problemOf(item, field).kind === "taken",
    );
    if (taken) {
      return {
        title: t("signup.taken.title"),
        description: t("signup.taken.description"),
        taken,
      };
    }
    return { title: t("signup.rejected") };
  };
}
