import { z } from "zod";
import { PHONE_PATTERN, SCOPED_ROLES, USER_LIMITS, USER_LOCALES } from "@/lib/contract/user";
import { rules } from "@/lib/forms/rules";
import type { Translator } from "@/lib/i18n/translator";

/** The languages a user can read mail and pages in, each named in the active language. */
export const localeChoices = (t: Translator) =>
  USER_LOCALES.map((value) => ({
    value,
    label: value === "en" ? t("userAdmin.locales.en") : t("userAdmin.locales.nl"),
  }));

/**
 * The user fields' rules for the back-office forms (spec §5: first failing rule, one
 * message, localized), with the api's limits from lib/contract/user.ts, so a 422 is rare.
 */
export function userSchemaParts(t: Translator) {
  const r = rules(t);
  const tooLong = (field: string) => t("userAdmin.errors.tooLong", { field });
  const name = (field: string) =>
    r
      .required(field)
      .transform((v) => v.trim())
      .pipe(z.string().max(USER_LIMITS.name, tooLong(field)));
  const email = t("userAdmin.fields.email");
  const phone = t("userAdmin.fields.phone");
  return {
    email: r.email(email).pipe(z.string().max(USER_LIMITS.email, tooLong(email))),
    firstName: name(t("userAdmin.fields.firstName")),
    lastName: name(t("userAdmin.fields.lastName")),
    phone: z
      .string()
      .transform((v) => v.trim())
      .pipe(
        z
          .string()
          .max(USER_LIMITS.phone, tooLong(phone))
          .regex(PHONE_PATTERN, t("userAdmin.errors.phone")),
      ),
    locale: z.string().pipe(
      z.enum(USER_LOCALES, {
        error: t("validation.required", { field: t("userAdmin.fields.locale") }),
      }),
    ),
    role: z.string().pipe(
      z.enum(SCOPED_ROLES, {
        error: t("validation.required", { field: t("userAdmin.fields.role") }),
      }),
    ),
    resourceId: z.string().min(1, t("userAdmin.errors.chooseResource")),
  };
}
