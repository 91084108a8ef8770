import { z } from "zod";
import { isPostalCode, isWebAddress, ORGANIZATION_LIMITS } from "@/lib/contract/organization";
import { PASSWORD_LENGTH } from "@/lib/contract/user";
import { rules } from "@/lib/forms/rules";
import type { Translator } from "@/lib/i18n/translator";

/*
 * The api's limits and formats come from the contract (lib/contract/), checked in the form
 * first so a person hears about them on blur, in their language, before anything is sent.
 * The api still judges; its 422s map back onto the same fields.
 */

/** The building blocks of lib/forms/rules.ts plus the sign-up forms' own, most basic first. */
export function signupRules(t: Translator) {
  const r = rules(t);
  const tooLong = (field: string, max: number) =>
    t("signup.problems.tooLong", { field, max: String(max) });
  const blankOr = (check: (value: string) => boolean) => (value: string) =>
    value.trim() === "" || check(value);
  return {
    ...r,
    /** Required text of at most `max` characters (trimmed, as the api trims). */
    text: (field: string, max: number) =>
      r.required(field).refine((value) => value.trim().length <= max, tooLong(field, max)),
    /** Optional text of at most `max` characters. */
    optionalText: (field: string, max: number) =>
      z.string().refine((value) => value.trim().length <= max, tooLong(field, max)),
    /** A required e-mail address of at most `max` characters (the door's own limit). */
    requiredEmail: (field: string, max: number) =>
      r.email(field).refine((value) => value.length <= max, tooLong(field, max)),
    /** An organisation's optional e-mail address. */
    optionalEmail: (field: string) =>
      z
        .string()
        .refine(
          blankOr((value) => z.email().safeParse(value.trim()).success),
          t("validation.email"),
        )
        .refine(
          (value) => value.trim().length <= ORGANIZATION_LIMITS.email,
          tooLong(field, ORGANIZATION_LIMITS.email),
        ),
    website: (field: string) =>
      z
        .string()
        .refine(
          (value) => value.trim().length <= ORGANIZATION_LIMITS.website,
          tooLong(field, ORGANIZATION_LIMITS.website),
        )
        .refine(blankOr(isWebAddress), t("signup.problems.website")),
    postalCode: (field: string) =>
      r.required(field).refine(isPostalCode, t("signup.problems.postalCode")),
    /** A new password: required, at least 8, at most 128 (devise validatable, decisions.md). */
    password: (field: string) =>
      r
        .newPassword(field, PASSWORD_LENGTH.min)
        .max(PASSWORD_LENGTH.max, tooLong(field, PASSWORD_LENGTH.max)),
  };
}

/**
 * The refinement params of "the confirmation equals the password", its message on the
 * confirmation field (spec §5: one message, there). zod still runs an object's refinement
 * after failed string checks (they are continuable issues), so the mismatch is heard on the
 * confirmation's blur while other fields are still empty (tests/unit/signup-rules.test.ts).
 */
export function mismatchOn(t: Translator, path: string[]) {
  return { message: t("validation.passwordMismatch"), path };
}
