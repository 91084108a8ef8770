import { z } from "zod";
import { USER_LIMITS } from "@/lib/contract/user";
import { rules } from "@/lib/forms/rules";
import type { Translator } from "@/lib/i18n/translator";

/**
 * /profile-edit/email: the new address (devise's limit, not the one in use) and the current
 * password, which devise_token_auth asks for before it changes an account.
 */
export function emailChangeSchema(t: Translator, current: string) {
  const r = rules(t);
  const email = t("profile.email.newEmail");
  return z.object({
    email: r
      .email(email)
      .pipe(
        z
          .string()
          .max(
            USER_LIMITS.email,
            t("signup.problems.tooLong", { field: email, max: String(USER_LIMITS.email) }),
          ),
      )
      .refine((value) => value.toLowerCase() !== current.toLowerCase(), t("profile.email.same")),
    currentPassword: r.required(t("profile.email.currentPassword")),
  });
}
