import { z } from "zod";

/**
 * What the api and the web both know about a volunteer's profile (docs/volunteer-profiles.md):
 * the weekly availability grid, the languages one can pick, how often the periodic vacancy
 * mail goes out, and the limits. GET and PATCH /api/v1/current_user/volunteer_profile read
 * and write it; the profile form checks the same limits before it sends.
 */

export const AVAILABILITY_DAYS = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;
export type TAvailabilityDay = (typeof AVAILABILITY_DAYS)[number];

export const AVAILABILITY_PARTS = ["morning", "afternoon", "evening"] as const;
export type TAvailabilityPart = (typeof AVAILABILITY_PARTS)[number];

export type TAvailabilitySlot = `${TAvailabilityDay}_${TAvailabilityPart}`;

/** The 21 slots of the week, Monday morning first, in the grid's reading order. */
export const AVAILABILITY_SLOTS = AVAILABILITY_DAYS.flatMap((day) =>
  AVAILABILITY_PARTS.map((part) => `${day}_${part}` as TAvailabilitySlot),
) as readonly TAvailabilitySlot[];

export const availabilitySlot = (day: TAvailabilityDay, part: TAvailabilityPart) =>
  `${day}_${part}` as TAvailabilitySlot;

/**
 * The languages a volunteer may list: ISO 639-1 codes of the languages most spoken in the
 * Netherlands and by the newcomers the centres work with, plus `prs` (Dari, ISO 639-3: it
 * has no two-letter code and is asked for at every AZC desk) and `sgn` (the ISO 639-2
 * group code for sign languages; in the Netherlands that is NGT). A fixed list, not all of
 * ISO 639, so that a later pool search can filter on it and the form shows a short
 * checklist; adding one is a change here only (the database does not check the codes).
 */
export const VOLUNTEER_LANGUAGES = [
  "nl",
  "en",
  "de",
  "fr",
  "es",
  "it",
  "pt",
  "pl",
  "ro",
  "bg",
  "uk",
  "ru",
  "tr",
  "ar",
  "ku",
  "fa",
  "prs",
  "ti",
  "so",
  "am",
  "zh",
  "sgn",
] as const;
export type TVolunteerLanguage = (typeof VOLUNTEER_LANGUAGES)[number];

/** How often the periodic mail of new vacancies goes out; `never` until the user asks. */
export const PERIODIC_MAIL_FREQUENCIES = ["never", "weekly", "monthly"] as const;
export type TPeriodicMailFrequency = (typeof PERIODIC_MAIL_FREQUENCIES)[number];

/** Maximum lengths and counts, in characters after trimming. The database checks about,
 *  skills' count, hours and radius as well. */
export const VOLUNTEER_PROFILE_LIMITS = {
  about: 1000,
  skills: 20,
  skill: 60,
  /** Interests: tags of the tenant's vocabulary. */
  tags: 50,
  postalCode: 10,
  city: 100,
  hoursPerWeek: { min: 0, max: 80 },
  radiusKm: { min: 1, max: 200 },
} as const;

/** A Dutch postcode, 4 digits and 2 letters with or without the space ("8096 BC"). */
export const POSTAL_CODE_PATTERN = /^[1-9][0-9]{3} ?[A-Za-z]{2}$/;

/** "8096bc" → "8096 BC": one spelling stored, whatever was typed. */
export const normalizePostalCode = (value: string) =>
  `${value.slice(0, 4)} ${value.slice(-2).toUpperCase()}`;

const trimmedOrNull = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((value) => (value === "" ? null : value));

/** Each item once, in the list's own order, whatever order the client sent. */
const distinctIn =
  <T extends string>(order: readonly T[]) =>
  (values: T[]) =>
    order.filter((value) => values.includes(value));

/**
 * The profile's own attributes as PATCH takes them (all optional: a partial update changes
 * only what it sends; null clears). The api adds first_name, last_name and phone, which it
 * writes on the user.
 */
export const ZVolunteerProfileAttributes = z.object({
  postal_code: trimmedOrNull(VOLUNTEER_PROFILE_LIMITS.postalCode)
    .refine((value) => value === null || POSTAL_CODE_PATTERN.test(value), "is invalid")
    .transform((value) => (value === null ? null : normalizePostalCode(value)))
    .optional(),
  city: trimmedOrNull(VOLUNTEER_PROFILE_LIMITS.city).optional(),
  about: z
    .string()
    .trim()
    .max(VOLUNTEER_PROFILE_LIMITS.about)
    .nullable()
    .transform((value) => value ?? "")
    .optional(),
  skills: z
    .array(z.string().trim().min(1).max(VOLUNTEER_PROFILE_LIMITS.skill))
    .max(VOLUNTEER_PROFILE_LIMITS.skills)
    // The same skill twice is one skill: kept once, in the order first given.
    .transform((skills) => [...new Set(skills)])
    .optional(),
  availability: z
    .array(z.enum(AVAILABILITY_SLOTS as [TAvailabilitySlot, ...TAvailabilitySlot[]]))
    .max(AVAILABILITY_SLOTS.length * 2)
    .transform(distinctIn(AVAILABILITY_SLOTS))
    .optional(),
  hours_per_week: z
    .number()
    .int()
    .min(VOLUNTEER_PROFILE_LIMITS.hoursPerWeek.min)
    .max(VOLUNTEER_PROFILE_LIMITS.hoursPerWeek.max)
    .nullable()
    .optional(),
  languages: z
    .array(z.enum(VOLUNTEER_LANGUAGES))
    .max(VOLUNTEER_LANGUAGES.length * 2)
    .transform(distinctIn(VOLUNTEER_LANGUAGES))
    .optional(),
  in_pool: z.boolean().optional(),
  periodic_mail_frequency: z.enum(PERIODIC_MAIL_FREQUENCIES).optional(),
  periodic_mail_radius_km: z
    .number()
    .int()
    .min(VOLUNTEER_PROFILE_LIMITS.radiusKm.min)
    .max(VOLUNTEER_PROFILE_LIMITS.radiusKm.max)
    .nullable()
    .optional(),
});
export type TVolunteerProfileAttributes = z.input<typeof ZVolunteerProfileAttributes>;

/** The profile of a user who never saved one: out of the pool, no periodic mail. */
export const EMPTY_VOLUNTEER_PROFILE = {
  postal_code: null,
  city: null,
  latitude: null,
  longitude: null,
  about: "",
  skills: [],
  availability: [],
  hours_per_week: null,
  languages: [],
  in_pool: false,
  pool_opted_in_at: null,
  periodic_mail_frequency: "never",
  periodic_mail_radius_km: null,
} as const;
