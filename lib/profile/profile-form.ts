import { z } from "zod";
import {
  AVAILABILITY_SLOTS,
  normalizePostalCode,
  PERIODIC_MAIL_FREQUENCIES,
  POSTAL_CODE_PATTERN,
  type TAvailabilitySlot,
  VOLUNTEER_LANGUAGES,
  VOLUNTEER_PROFILE_LIMITS,
} from "@/lib/contract/volunteer-profile";
import type { Translator } from "@/lib/i18n/translator";
import { userSchemaParts } from "@/lib/users/user-schema";
import type { TVolunteerProfile, TVolunteerProfileChanges } from "./profile-types";

/**
 * The profile form's rules (spec §5: first failing rule, one message, localized) with the
 * contract's limits (lib/contract/volunteer-profile.ts), so the api's 422 stays rare.
 */

const LIMITS = VOLUNTEER_PROFILE_LIMITS;

/**
 * A checkbox group's value as react-hook-form gives it: a list with two or more boxes, the
 * one value (or false) when the group has a single box (a tenant with one tag).
 */
const asList = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : typeof value === "string" ? [value] : [];

/** Each value once, in the order of `order`: the api answers lists that way too. */
export const inOrder = <T extends string>(order: readonly T[], values: readonly string[]) =>
  order.filter((value) => values.includes(value));

/** A whole number in a range, or nothing; typed in a text box. */
const wholeNumberOrNull = (t: Translator, field: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .refine(
      (value) =>
        value === "" || (/^\d+$/.test(value) && Number(value) >= min && Number(value) <= max),
      t("profile.errors.between", { field, min: String(min), max: String(max) }),
    )
    .transform((value) => (value === "" ? null : Number(value)));

export function profileSchema(t: Translator) {
  const user = userSchemaParts(t);
  const tooLong = (field: string, max: number) =>
    t("signup.problems.tooLong", { field, max: String(max) });
  const city = t("profile.fields.city");
  const about = t("profile.fields.about");
  return z.object({
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    postalCode: z
      .string()
      .trim()
      .refine((v) => v === "" || POSTAL_CODE_PATTERN.test(v), t("signup.problems.postalCode")),
    city: z.string().trim().max(LIMITS.city, tooLong(city, LIMITS.city)),
    about: z.string().trim().max(LIMITS.about, tooLong(about, LIMITS.about)),
    tagIds: z.preprocess(
      asList,
      z
        .array(z.string())
        .max(LIMITS.tags, t("profile.errors.tooManyInterests", { max: String(LIMITS.tags) })),
    ),
    skills: z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .max(LIMITS.skill, t("profile.skills.tooLong", { max: String(LIMITS.skill) })),
      )
      .max(LIMITS.skills, t("profile.skills.tooMany", { max: String(LIMITS.skills) })),
    availability: z.preprocess(asList, z.array(z.enum(AVAILABILITY_SLOTS))),
    hoursPerWeek: wholeNumberOrNull(
      t,
      t("profile.fields.hoursPerWeek"),
      LIMITS.hoursPerWeek.min,
      LIMITS.hoursPerWeek.max,
    ),
    languages: z.preprocess(asList, z.array(z.enum(VOLUNTEER_LANGUAGES))),
    inPool: z.boolean(),
  });
}

export type TProfileFormInput = z.input<ReturnType<typeof profileSchema>>;
export type TProfileFormValues = z.output<ReturnType<typeof profileSchema>>;

/** The form's starting values from the profile as read. */
export function profileFormDefaults(profile: TVolunteerProfile) {
  return {
    firstName: profile.firstName ?? "",
    lastName: profile.lastName ?? "",
    phone: profile.phone ?? "",
    postalCode: profile.postalCode ?? "",
    city: profile.city ?? "",
    about: profile.about ?? "",
    tagIds: (profile.tags ?? []).map((tag) => tag.id),
    skills: [...profile.skills],
    availability: [...profile.availability] as string[],
    hoursPerWeek: profile.hoursPerWeek === null ? "" : String(profile.hoursPerWeek),
    languages: [...profile.languages] as string[],
    inPool: profile.inPool,
  };
}

/** The PATCH's attributes and interests; an empty text is null, so it clears. */
export function profileChanges(values: TProfileFormValues): {
  attributes: TVolunteerProfileChanges;
  tagIds: string[];
} {
  const orNull = (value: string) => (value === "" ? null : value);
  return {
    attributes: {
      firstName: values.firstName,
      lastName: values.lastName,
      phone: orNull(values.phone),
      postalCode: values.postalCode === "" ? null : normalizePostalCode(values.postalCode),
      city: orNull(values.city),
      about: values.about,
      skills: values.skills,
      availability: inOrder(AVAILABILITY_SLOTS, values.availability) as TAvailabilitySlot[],
      hoursPerWeek: values.hoursPerWeek,
      languages: inOrder(VOLUNTEER_LANGUAGES, values.languages),
      inPool: values.inPool,
    },
    tagIds: values.tagIds,
  };
}

/** The periodic mail's rules: how often, and how far from the volunteer's place. */
export function periodicMailSchema(t: Translator) {
  return z.object({
    periodicMailFrequency: z.enum(PERIODIC_MAIL_FREQUENCIES),
    periodicMailRadiusKm: wholeNumberOrNull(
      t,
      t("profile.periodicMail.radius"),
      LIMITS.radiusKm.min,
      LIMITS.radiusKm.max,
    ),
  });
}
