import { z } from "zod";
import { minPasswordLength, rules } from "@/lib/forms/rules";
import type { Translator } from "@/lib/i18n/translator";

/**
 * The api's limits (docs/api-registration-invitations.md, docs/api-organization-signup.md),
 * checked in the form first so a person hears about them on blur, in their language, before
 * anything is sent. The api still judges; its 422s map back onto the same fields.
 */
export const LIMITS = {
  name: 100,
  email: 254,
  passwordMax: 128,
  organizationName: 200,
  phone: 30,
  website: 300,
  description: 5000,
  street: 200,
  houseNumber: 20,
  city: 100,
} as const;

/** A Dutch postal code as the api takes it: `1234 AB`, `1234ab`, `1234AB`. */
export const isPostalCode = (value: string) => /^[1-9][0-9]{3} ?[a-zA-Z]{2}$/.test(value.trim());

/** http(s) only, with a host: the api renders the website as a link on public profiles. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

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
    requiredEmail: (field: string) =>
      r.email(field).refine((value) => value.length <= LIMITS.email, tooLong(field, LIMITS.email)),
    optionalEmail: (field: string) =>
      z
        .string()
        .refine(
          blankOr((value) => z.email().safeParse(value.trim()).success),
          t("validation.email"),
        )
        .refine((value) => value.trim().length <= LIMITS.email, tooLong(field, LIMITS.email)),
    website: (field: string) =>
      z
        .string()
        .refine((value) => value.trim().length <= LIMITS.website, tooLong(field, LIMITS.website))
        .refine(blankOr(isWebAddress), t("signup.problems.website")),
    postalCode: (field: string) =>
      r.required(field).refine(isPostalCode, t("signup.problems.postalCode")),
    /** A new password: required, at least 8, at most 128 (devise validatable, decisions.md). */
    password: (field: string) =>
      r
        .newPassword(field, minPasswordLength)
        .max(LIMITS.passwordMax, tooLong(field, LIMITS.passwordMax)),
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
