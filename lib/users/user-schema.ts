import { z } from "zod";
import { rules } from "@/lib/forms/rules";
import type { Translator } from "@/lib/i18n/translator";
import { SCOPED_ROLES } from "./role-choice";
import type { TScopedRoleName, TUserLocale } from "./user-types";

/** The api's limits (backend/auth/sign-up-rules.ts, backend/domain/user-profile.ts). */
export const EMAIL_MAX = 255;
export const NAME_MAX = 100;
export const PHONE_MAX = 30;
/** Digits, spaces and + ( ) - . as the api accepts them. */
export const PHONE_PATTERN = /^[0-9+()\-. ]*$/;

export const USER_LOCALES: readonly TUserLocale[] = ["nl", "en"];

/** The languages a user can read mail and pages in, each named in the active language. */
export const localeChoices = (t: Translator) =>
  USER_LOCALES.map((value) => ({
    value,
    label: value === "en" ? t("userAdmin.locales.en") : t("userAdmin.locales.nl"),
  }));

/**
 * The user fields' rules for the back-office forms (spec §5: first failing rule, one
 * message, localized), matching what the api checks, so a 422 is rare.
 */
export function userSchemaParts(t: Translator) {
  const r = rules(t);
  const tooLong = (field: string) => t("userAdmin.errors.tooLong", { field });
  const name = (field: string) =>
    r
      .required(field)
      .transform((v) => v.trim())
      .pipe(z.string().max(NAME_MAX, tooLong(field)));
  const email = t("userAdmin.fields.email");
  const phone = t("userAdmin.fields.phone");
  return {
    email: r.email(email).pipe(z.string().max(EMAIL_MAX, tooLong(email))),
    firstName: name(t("userAdmin.fields.firstName")),
    lastName: name(t("userAdmin.fields.lastName")),
    phone: z
      .string()
      .transform((v) => v.trim())
      .pipe(
        z.string().max(PHONE_MAX, tooLong(phone)).regex(PHONE_PATTERN, t("userAdmin.errors.phone")),
      ),
    locale: z.string().pipe(
      z.enum(USER_LOCALES as [TUserLocale, ...TUserLocale[]], {
        error: t("validation.required", { field: t("userAdmin.fields.locale") }),
      }),
    ),
    role: z.string().pipe(
      z.enum(SCOPED_ROLES as [TScopedRoleName, ...TScopedRoleName[]], {
        error: t("validation.required", { field: t("userAdmin.fields.role") }),
      }),
    ),
    resourceId: z.string().min(1, t("userAdmin.errors.chooseResource")),
  };
}
