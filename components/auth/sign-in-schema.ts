import { z } from "zod";
import { rules } from "@/lib/forms/rules";
import type { Translator } from "@/lib/i18n/translator";

export function signInSchema(t: Translator) {
  const r = rules(t);
  return z.object({
    email: r.email(t("auth.fields.email")),
    // No length rule at sign-in: the api judges the password, not the form.
    password: r.required(t("auth.fields.password")),
  });
}
