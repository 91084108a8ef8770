import { z } from "zod";
import { PASSWORD_LENGTH } from "@/lib/contract/user";
import type { Translator } from "@/lib/i18n/translator";

/** spec §5 sets no minimum; devise's default minimum password length (the contract's). */
export const minPasswordLength = PASSWORD_LENGTH.min;

/**
 * Localized building blocks for schema factories. The first failing rule wins (spec §5),
 * so each lists its rules from the most basic ("required") to the most specific; a pipe
 * runs only when the step before it passed.
 */
export function rules(t: Translator) {
  const required = (field: string) => t("validation.required", { field });
  return {
    /** Required, value kept as typed (passwords: spaces count). */
    required: (field: string) => z.string().refine((value) => value.trim() !== "", required(field)),
    email: (field: string) =>
      z
        .string()
        .trim()
        .min(1, required(field))
        .pipe(z.email(t("validation.email"))),
    newPassword: (field: string, min = minPasswordLength) =>
      z
        .string()
        .min(1, required(field))
        .min(min, t("validation.minLength", { field, min: String(min) })),
    passwordMismatch: () => t("validation.passwordMismatch"),
  };
}
