import { z } from "zod";

/**
 * What the api takes when an activity is written (docs/activity-writes.md), shared with
 * the web's form: the statuses, the limits and the attributes' schema. The description is
 * HTML from the editor; the api sanitises it (lib/rich-text/sanitize.ts) before it stores it.
 */

export const ACTIVITY_STATUSES = ["draft", "published", "cancelled"] as const;
export type TActivityStatusName = (typeof ACTIVITY_STATUSES)[number];

/** What an activity is: an ordinary one, or a training for volunteers (docs/workshops.md). */
export const ACTIVITY_KINDS = ["activity", "workshop"] as const;
export type TActivityKind = (typeof ACTIVITY_KINDS)[number];

export const ACTIVITY_LIMITS = {
  title: 150,
  summary: 500,
  /** The editor's HTML, before sanitising. */
  description: 50_000,
  locationName: 200,
  street: 200,
  postalCode: 10,
  city: 100,
  maxCapacity: 10_000,
  url: 2_000,
} as const;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
/** The years an activity may lie in: a typo of a year is refused, not stored. */
const FIRST_DAY = "2000-01-01";
const LAST_DAY = "2199-12-31";
/** An ISO date-time with its offset (or Z): a moment, never a guess at the zone. */
const ZMoment = z.iso
  .datetime({ offset: true })
  .transform((value) => new Date(value))
  .refine(
    (moment) =>
      moment.getTime() >= Date.parse(`${FIRST_DAY}T00:00:00Z`) &&
      moment.getTime() <= Date.parse(`${LAST_DAY}T23:59:59Z`),
    { message: "must lie between the years 2000 and 2199" },
  );

/** The attributes of POST and PATCH; every one optional on PATCH (title, starts_at on POST). */
const ACTIVITY_SHAPE = {
  title: z.string().trim().min(1).max(ACTIVITY_LIMITS.title).optional(),
  kind: z.enum(ACTIVITY_KINDS).optional(),
  summary: optionalText(ACTIVITY_LIMITS.summary),
  description: z.string().max(ACTIVITY_LIMITS.description).nullable().optional(),
  starts_at: ZMoment.optional(),
  ends_at: ZMoment.nullable().optional(),
  all_day: z.boolean().optional(),
  online: z.boolean().optional(),
  location_name: optionalText(ACTIVITY_LIMITS.locationName),
  street: optionalText(ACTIVITY_LIMITS.street),
  postal_code: optionalText(ACTIVITY_LIMITS.postalCode),
  city: optionalText(ACTIVITY_LIMITS.city),
  capacity: z.number().int().min(1).max(ACTIVITY_LIMITS.maxCapacity).nullable().optional(),
  registration_url: z
    .url({ protocol: /^(https|mailto)$/ })
    .max(ACTIVITY_LIMITS.url)
    // A mail address to sign up by needs the address itself.
    .refine((url) => !url.startsWith("mailto:") || /^mailto:[^@\s]+@[^@\s]+$/.test(url), {
      message: "must name a mail address",
    })
    .nullable()
    .optional(),
  image_url: z
    .url({ protocol: /^https$/ })
    .max(ACTIVITY_LIMITS.url)
    .nullable()
    .optional(),
};
export const ZActivityAttributes = z.object(ACTIVITY_SHAPE).strict();
export type TActivityAttributes = z.output<typeof ZActivityAttributes>;

/** PUT …/transition. */
export const ZActivityTransition = z.object({ status: z.enum(ACTIVITY_STATUSES) }).strict();

/** PATCH and PUT …/transition of an occurrence: it alone, or it and the later ones. */
export const ACTIVITY_SCOPES = ["this", "following"] as const;
export const ZActivityScopeQuery = z.object({ scope: z.enum(ACTIVITY_SCOPES).optional() });

export const SERIES_LIMITS = { maxIntervalWeeks: 52, maxOccurrences: 104 } as const;

const ZDay = z.iso.date().refine((day) => day >= FIRST_DAY && day <= LAST_DAY, {
  message: "must lie between the years 2000 and 2199",
});

/**
 * POST /activity_series: the first occurrence's attributes, and the rule: every
 * `interval_weeks` weeks, `until` a day or for a `count` of dates, without the
 * `exception_dates`.
 */
export const ZActivitySeriesAttributes = z
  .object({
    ...ACTIVITY_SHAPE,
    interval_weeks: z.number().int().min(1).max(SERIES_LIMITS.maxIntervalWeeks),
    until: ZDay.optional(),
    count: z.number().int().min(1).max(SERIES_LIMITS.maxOccurrences).optional(),
    exception_dates: z.array(ZDay).max(SERIES_LIMITS.maxOccurrences).optional(),
  })
  .strict()
  .refine((value) => (value.until === undefined) !== (value.count === undefined), {
    message: "give either until or count",
    path: ["until"],
  });
export type TActivitySeriesAttributes = z.output<typeof ZActivitySeriesAttributes>;
