import { z } from "zod";

/**
 * What the api takes when a vacancy is written (docs/vacancy-writes.md), shared with the
 * web's form: the statuses, the limits and the attributes' schema. The text is HTML from
 * the editor; the api sanitises it (lib/rich-text/sanitize.ts) before it stores it.
 */

export const VACANCY_STATUSES = ["draft", "pending", "published", "closed", "archived"] as const;
export type TVacancyStatusName = (typeof VACANCY_STATUSES)[number];

export const VACANCY_LIMITS = {
  title: 150,
  summary: 500,
  /** The editor's HTML, before sanitising. */
  description: 50_000,
  street: 200,
  postalCode: 10,
  city: 100,
  maxHoursPerWeek: 80,
  maxVolunteersWanted: 999,
  tags: 20,
  imageUrl: 2_000,
  /** Vacancies in one bulk update. */
  bulkIds: 1_000,
} as const;

const ZDate = z.iso.date();
/** A record id as JSON:API writes it (a string) or as a number; within a 4-byte serial. */
const MAX_ID = 2_147_483_647;
export const ZRecordId = z
  .union([
    z.number().int(),
    z
      .string()
      .regex(/^\d{1,10}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().min(1).max(MAX_ID));
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** The attributes of POST and PATCH; every one optional on PATCH (title required on POST). */
export const ZVacancyAttributes = z
  .object({
    title: z.string().trim().min(1).max(VACANCY_LIMITS.title).optional(),
    summary: optionalText(VACANCY_LIMITS.summary),
    description: z.string().max(VACANCY_LIMITS.description).nullable().optional(),
    status: z.enum(VACANCY_STATUSES).optional(),
    hours_per_week: z
      .number()
      .int()
      .min(0)
      .max(VACANCY_LIMITS.maxHoursPerWeek)
      .nullable()
      .optional(),
    remote: z.boolean().optional(),
    street: optionalText(VACANCY_LIMITS.street),
    postal_code: optionalText(VACANCY_LIMITS.postalCode),
    city: optionalText(VACANCY_LIMITS.city),
    ongoing: z.boolean().optional(),
    starts_on: ZDate.nullable().optional(),
    ends_on: ZDate.nullable().optional(),
    closes_on: ZDate.nullable().optional(),
    volunteers_wanted: z
      .number()
      .int()
      .min(1)
      .max(VACANCY_LIMITS.maxVolunteersWanted)
      .nullable()
      .optional(),
    image_url: z
      .url({ protocol: /^https$/ })
      .max(VACANCY_LIMITS.imageUrl)
      .nullable()
      .optional(),
    /** A published form of the vacancy's organisation or centre whose questions applicants
     *  answer (docs/forms.md); null: none. */
    application_form_id: ZRecordId.nullable().optional(),
  })
  .strict();
export type TVacancyAttributes = z.output<typeof ZVacancyAttributes>;

/** What a bulk update may change on every vacancy it names. */
export const ZVacancyBulkChanges = z
  .object({
    status: z.enum(VACANCY_STATUSES).optional(),
    closes_on: ZDate.nullable().optional(),
    contact_person_id: ZRecordId.nullable().optional(),
    /** A published form every named vacancy's organisation may use, as one vacancy's
     *  application_form_id; null: none. */
    application_form_id: ZRecordId.nullable().optional(),
    /** Replaces the tags; or add and remove, not both with `tag_ids`. */
    tag_ids: z.array(ZRecordId).max(VACANCY_LIMITS.tags).optional(),
    add_tag_ids: z.array(ZRecordId).max(VACANCY_LIMITS.tags).optional(),
    remove_tag_ids: z.array(ZRecordId).max(VACANCY_LIMITS.tags).optional(),
  })
  .strict()
  .refine((c) => c.tag_ids === undefined || (!c.add_tag_ids && !c.remove_tag_ids), {
    message: "cannot be given with add_tag_ids or remove_tag_ids",
    path: ["tag_ids"],
  })
  .refine((c) => Object.values(c).some((v) => v !== undefined), {
    message: "must name at least one change",
    path: [],
  });

export const ZVacancyBulkUpdate = z
  .object({
    ids: z.array(ZRecordId).min(1).max(VACANCY_LIMITS.bulkIds),
    changes: ZVacancyBulkChanges,
  })
  .strict();
export type TVacancyBulkUpdate = z.output<typeof ZVacancyBulkUpdate>;
