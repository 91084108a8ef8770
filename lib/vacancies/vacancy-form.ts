import { z } from "zod";
import type { ApiErrorObject } from "@/lib/api";
import { isApiError } from "@/lib/api/errors";
import {
  type TVacancyStatusName,
  VACANCY_LIMITS,
  ZVacancyAttributes,
} from "@/lib/contract/vacancies";
import type { SchemaFactory } from "@/lib/forms/use-zod-form";
import type { Translator } from "@/lib/i18n/translator";
import type { TManagedVacancy } from "./managed-vacancy-types";

/**
 * The vacancy form's model (docs/vacancy-editor.md): its values, its rules (the api's own,
 * from lib/contract/vacancies.ts, so the form sends nothing the api refuses) and the
 * JSON:API document it sends to POST and PATCH /api/v1/vacancies.
 */

export type TVacancyFormValues = {
  /** Only chosen on /vacancies/add, and only when the user writes for more than one. */
  organizationId: string;
  title: string;
  summary: string;
  /** The editor's HTML; '' when empty. */
  description: string;
  tagIds: string[];
  remote: boolean;
  postalCode: string;
  city: string;
  hoursPerWeek: string;
  /** "ongoing" (no dates) or "dates" (starts_on, maybe ends_on). */
  period: "ongoing" | "dates";
  startsOn: string;
  endsOn: string;
  closesOn: string;
  contactPersonId: string;
  volunteersWanted: string;
  /** A published form whose questions applicants answer (docs/form-builder.md); '' none. */
  applicationFormId: string;
};

export const EMPTY_VACANCY_FORM: TVacancyFormValues = {
  organizationId: "",
  title: "",
  summary: "",
  description: "",
  tagIds: [],
  remote: false,
  postalCode: "",
  city: "",
  hoursPerWeek: "",
  period: "ongoing",
  startsOn: "",
  endsOn: "",
  closesOn: "",
  contactPersonId: "",
  volunteersWanted: "",
  applicationFormId: "",
};

const s = (value: string | number | null | undefined) => (value == null ? "" : String(value));

/** The form's values of a stored vacancy (null becomes ''). */
export function vacancyFormValues(vacancy: TManagedVacancy): TVacancyFormValues {
  return {
    organizationId: s(vacancy.organizationId),
    title: vacancy.title,
    summary: s(vacancy.summary),
    description: s(vacancy.description),
    tagIds: (vacancy.tags ?? []).map((tag) => String(tag.id)),
    remote: vacancy.remote,
    postalCode: s(vacancy.postalCode),
    city: s(vacancy.city),
    hoursPerWeek: s(vacancy.hoursPerWeek),
    period: vacancy.ongoing ? "ongoing" : "dates",
    startsOn: s(vacancy.startsOn),
    endsOn: s(vacancy.endsOn),
    closesOn: s(vacancy.closesOn),
    contactPersonId: s(vacancy.contactPersonId),
    volunteersWanted: s(vacancy.volunteersWanted),
    applicationFormId: s(vacancy.applicationFormId),
  };
}

type TIdentifier = { type: string; id: string };

/** What POST and PATCH /api/v1/vacancies take (camelCase: the api client snake_cases it). */
export type TVacancyDocument = {
  data: {
    type: "vacancies";
    id?: string;
    attributes: Record<string, unknown>;
    relationships: {
      organization?: { data: TIdentifier };
      tags: { data: TIdentifier[] };
      contactPerson: { data: TIdentifier | null };
    };
  };
};

const orNull = (value: string) => (value.trim() === "" ? null : value.trim());
const wholeNumber = (value: string) => (value.trim() === "" ? null : Number(value.trim()));

/** The attributes the form sends, in the contract's (snake_case) names. */
function contractAttributes(
  values: TVacancyFormValues,
  options: { placeChanged: boolean },
): Record<string, unknown> {
  const attributes: Record<string, unknown> = {
    title: values.title.trim(),
    summary: orNull(values.summary),
    description: values.description === "" ? null : values.description,
    remote: values.remote,
    hours_per_week: wholeNumber(values.hoursPerWeek),
    ongoing: values.period === "ongoing",
    closes_on: orNull(values.closesOn),
    volunteers_wanted: wholeNumber(values.volunteersWanted),
  };
  if (values.period === "dates") {
    attributes.starts_on = orNull(values.startsOn);
    attributes.ends_on = orNull(values.endsOn);
  }
  // The place is sent only when it changed: the api geocodes what it is sent, and a new
  // vacancy that names none takes its organisation's address. The form has no street:
  // a place typed here replaces the whole address, so an old street does not linger.
  if (options.placeChanged) {
    attributes.street = null;
    attributes.postal_code = orNull(values.postalCode);
    attributes.city = orNull(values.city);
  }
  return attributes;
}

const snakeToCamel = (key: string) => key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/**
 * The JSON:API document of a save. `initial` is what the form started from (the stored
 * vacancy on the edit page): the place is sent when it differs. `status` asks for a step
 * of the machine (submitting); without it the status stays.
 */
export function vacancyDocument(
  values: TVacancyFormValues,
  options: { id?: string; initial?: TVacancyFormValues; status?: TVacancyStatusName },
): TVacancyDocument {
  const initial = options.initial ?? EMPTY_VACANCY_FORM;
  const placeChanged =
    values.postalCode.trim() !== initial.postalCode.trim() ||
    values.city.trim() !== initial.city.trim();
  const contract = contractAttributes(values, { placeChanged });
  // Sent only when chosen or changed, like the place: a form that cannot choose (no
  // published forms to offer) leaves the stored one alone.
  if (values.applicationFormId !== initial.applicationFormId) {
    contract.application_form_id =
      values.applicationFormId === "" ? null : Number(values.applicationFormId);
  }
  const attributes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(contract)) attributes[snakeToCamel(key)] = value;
  if (options.status) attributes.status = options.status;
  return {
    data: {
      type: "vacancies",
      ...(options.id ? { id: options.id } : {}),
      attributes,
      relationships: {
        ...(options.id
          ? {}
          : { organization: { data: { type: "organizations", id: values.organizationId } } }),
        tags: { data: values.tagIds.map((id) => ({ type: "tags", id })) },
        contactPerson: {
          data: values.contactPersonId ? { type: "users", id: values.contactPersonId } : null,
        },
      },
    },
  };
}

/**
 * Where the api's 422 pointers land (below `/data`): attributes by name, and the
 * relationships on the fields that choose them. `ongoing` has no field of its own: its
 * problems are about the dates.
 */
export const VACANCY_POINTER_FIELDS: Readonly<Record<string, string>> = {
  "attributes.title": "title",
  "attributes.summary": "summary",
  "attributes.description": "description",
  "attributes.remote": "remote",
  "attributes.postalCode": "postalCode",
  "attributes.city": "city",
  "attributes.street": "postalCode",
  "attributes.hoursPerWeek": "hoursPerWeek",
  "attributes.ongoing": "startsOn",
  "attributes.startsOn": "startsOn",
  "attributes.endsOn": "endsOn",
  "attributes.closesOn": "closesOn",
  "attributes.volunteersWanted": "volunteersWanted",
  "relationships.organization": "organizationId",
  "relationships.tags": "tagIds",
  "relationships.contactPerson": "contactPersonId",
  "attributes.applicationFormId": "applicationFormId",
};

/** Each field's label, one literal key per case (tests/unit/messages.test.ts). */
export function vacancyFieldLabel(t: Translator, field: string): string {
  switch (field) {
    case "organizationId":
      return t("vacancyForm.fields.organization");
    case "title":
      return t("vacancyForm.fields.title");
    case "summary":
      return t("vacancyForm.fields.summary");
    case "description":
      return t("vacancyForm.fields.description");
    case "tagIds":
      return t("vacancyForm.fields.tags");
    case "remote":
      return t("vacancyForm.fields.remote");
    case "postalCode":
      return t("vacancyForm.fields.postalCode");
    case "city":
      return t("vacancyForm.fields.city");
    case "hoursPerWeek":
      return t("vacancyForm.fields.hoursPerWeek");
    case "startsOn":
      return t("vacancyForm.fields.startsOn");
    case "endsOn":
      return t("vacancyForm.fields.endsOn");
    case "closesOn":
      return t("vacancyForm.fields.closesOn");
    case "contactPersonId":
      return t("vacancyForm.fields.contactPerson");
    case "applicationFormId":
      return t("formBuilder.vacancy.label");
    default:
      return t("vacancyForm.fields.volunteersWanted");
  }
}

const LIMIT_OF: Partial<Record<string, number>> = {
  title: VACANCY_LIMITS.title,
  summary: VACANCY_LIMITS.summary,
  description: VACANCY_LIMITS.description,
  postalCode: VACANCY_LIMITS.postalCode,
  city: VACANCY_LIMITS.city,
  tagIds: VACANCY_LIMITS.tags,
};

/** The message for a problem the api found on a field (its 422 `code`), localized. */
export function vacancyApiMessage(t: Translator, field: string, error: ApiErrorObject): string {
  const label = vacancyFieldLabel(t, field);
  switch (error.code) {
    case "blank":
      return t("validation.required", { field: label });
    case "too_long":
      return t("vacancyForm.validation.tooLong", {
        field: label,
        max: String(LIMIT_OF[field] ?? ""),
      });
    case "unknown_place":
      return t("vacancyForm.validation.unknownPlace");
    case "in_past":
      return t("vacancyForm.validation.inPast");
    case "greater_than_or_equal_to":
      return t("vacancyForm.validation.endsBeforeStart");
    case "not_staff":
      return t("vacancyForm.validation.notStaff");
    case "not_found":
      return field === "tagIds"
        ? t("vacancyForm.validation.tagsGone")
        : t("validation.invalid", { field: label });
    default:
      return t("validation.invalid", { field: label });
  }
}

/** The refusal's own words when the organisation may not publish yet (status 422). */
export function isOrganizationNotApproved(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.statusCode === 422 &&
    error.errors.some((item) => item.code === "organization_not_approved")
  );
}

const WHOLE = /^\d+$/;
/** Map the contract's attribute names to the form's fields, for its last check. */
const FIELD_OF_ATTRIBUTE: Partial<Record<string, keyof TVacancyFormValues>> = {
  title: "title",
  summary: "summary",
  description: "description",
  hours_per_week: "hoursPerWeek",
  postal_code: "postalCode",
  city: "city",
  starts_on: "startsOn",
  ends_on: "endsOn",
  closes_on: "closesOn",
  volunteers_wanted: "volunteersWanted",
};

function buildSchema(t: Translator) {
  const label = (field: string) => vacancyFieldLabel(t, field);
  const tooLong = (field: string) =>
    t("vacancyForm.validation.tooLong", { field: label(field), max: String(LIMIT_OF[field]) });
  const optionalText = (field: string, max: number) => z.string().trim().max(max, tooLong(field));
  const count = (field: string, min: number, max: number) =>
    z
      .string()
      .trim()
      .refine(
        (v) => v === "" || (WHOLE.test(v) && Number(v) >= min && Number(v) <= max),
        t("vacancyForm.validation.between", {
          field: label(field),
          min: String(min),
          max: String(max),
        }),
      );
  return z
    .object({
      organizationId: z.string().min(1, t("vacancyForm.validation.organization")),
      title: z
        .string()
        .trim()
        .min(1, t("validation.required", { field: label("title") }))
        .max(VACANCY_LIMITS.title, tooLong("title")),
      summary: optionalText("summary", VACANCY_LIMITS.summary),
      description: z.string().max(VACANCY_LIMITS.description, tooLong("description")),
      tagIds: z
        .array(z.string())
        .max(
          VACANCY_LIMITS.tags,
          t("vacancyForm.validation.tooManyTags", { max: String(VACANCY_LIMITS.tags) }),
        ),
      remote: z.boolean(),
      postalCode: optionalText("postalCode", VACANCY_LIMITS.postalCode),
      city: optionalText("city", VACANCY_LIMITS.city),
      hoursPerWeek: count("hoursPerWeek", 0, VACANCY_LIMITS.maxHoursPerWeek),
      period: z.enum(["ongoing", "dates"]),
      startsOn: z.string(),
      endsOn: z.string(),
      closesOn: z.string(),
      contactPersonId: z.string(),
      applicationFormId: z.string(),
      volunteersWanted: count("volunteersWanted", 1, VACANCY_LIMITS.maxVolunteersWanted),
    })
    .superRefine((values, ctx) => {
      if (values.period === "dates") {
        if (values.startsOn === "") {
          ctx.addIssue({
            code: "custom",
            path: ["startsOn"],
            message: t("validation.required", { field: label("startsOn") }),
          });
        } else if (values.endsOn !== "" && values.endsOn < values.startsOn) {
          ctx.addIssue({
            code: "custom",
            path: ["endsOn"],
            message: t("vacancyForm.validation.endsBeforeStart"),
          });
        }
      }
      // The last word is the contract's: whatever it would refuse is refused here too,
      // on the field it is about (a date the browser let through that is no date …).
      const parsed = ZVacancyAttributes.safeParse(
        contractAttributes(values as TVacancyFormValues, { placeChanged: true }),
      );
      if (parsed.success) return;
      for (const issue of parsed.error.issues) {
        const field = FIELD_OF_ATTRIBUTE[String(issue.path[0])];
        if (!field) continue;
        ctx.addIssue({
          code: "custom",
          path: [field],
          message: t("validation.invalid", { field: label(field) }),
        });
      }
    });
}

export type TVacancyFormSchema = ReturnType<typeof buildSchema>;

/** useZodForm's stable factory (its resolver is memoised on it). */
export const vacancyFormSchema: SchemaFactory<TVacancyFormSchema> = (t) => buildSchema(t);
