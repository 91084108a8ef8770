import { TZDate } from "@date-fns/tz";
import { z } from "zod";
import type { ApiErrorObject } from "@/lib/api";
import {
  ACTIVITY_LIMITS,
  SERIES_LIMITS,
  ZActivityAttributes,
  ZActivitySeriesAttributes,
} from "@/lib/contract/activities";
import { amsterdamDate, occurrencesOf, SERIES_ZONE } from "@/lib/contract/activity-recurrence";
import type { SchemaFactory } from "@/lib/forms/use-zod-form";
import type { Translator } from "@/lib/i18n/translator";
import type { TManagedActivity } from "./managed-activity-list";

/**
 * The activity form's model (docs/activity-form.md): its values, its rules (the api's own,
 * from lib/contract/activities.ts) and the JSON:API documents it sends: POST
 * /api/v1/activities, POST /api/v1/activity_series and PATCH /api/v1/activities/:id. Dates
 * and times are Dutch wall-clock times, as the api's series think in them.
 */

export type TActivityFormValues = {
  title: string;
  summary: string;
  /** The editor's HTML; '' when empty. */
  description: string;
  /** YYYY-MM-DD and HH:mm in Amsterdam. */
  startDate: string;
  startTime: string;
  /** Empty: the day it starts. */
  endDate: string;
  /** Empty: no end time. */
  endTime: string;
  allDay: boolean;
  /** '' for no desk (the centre's own). */
  deskId: string;
  online: boolean;
  locationName: string;
  street: string;
  postalCode: string;
  city: string;
  /** Empty: no limit. */
  capacity: string;
  registrationUrl: string;
  imageUrl: string;
  /** A training for volunteers (kind `workshop`, docs/workshops.md). */
  workshop: boolean;
  /** Adding only: a weekly series instead of one activity. */
  repeats: boolean;
  intervalWeeks: string;
  repeatEnd: "until" | "count";
  until: string;
  count: string;
  /** The rule's dates (YYYY-MM-DD) left out. */
  exceptionDates: string[];
  /** Editing an occurrence: it alone, or it and the later ones of its series. */
  scope: "this" | "following";
};

export const EMPTY_ACTIVITY_FORM: TActivityFormValues = {
  title: "",
  summary: "",
  description: "",
  startDate: "",
  startTime: "",
  endDate: "",
  endTime: "",
  allDay: false,
  deskId: "",
  online: false,
  locationName: "",
  street: "",
  postalCode: "",
  city: "",
  capacity: "",
  registrationUrl: "",
  imageUrl: "",
  workshop: false,
  repeats: false,
  intervalWeeks: "1",
  repeatEnd: "until",
  until: "",
  count: "",
  exceptionDates: [],
  scope: "this",
};

const s = (value: string | number | null | undefined) => (value == null ? "" : String(value));
const pad = (n: number) => String(n).padStart(2, "0");

/** The Amsterdam time of day (HH:mm) of a moment. */
function amsterdamTime(moment: Date): string {
  const local = new TZDate(moment.getTime(), SERIES_ZONE);
  return `${pad(local.getHours())}:${pad(local.getMinutes())}`;
}

/** The day before a YYYY-MM-DD day. */
function dayBefore(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** The moment of a wall-clock day and time in Amsterdam, as ISO with its offset. */
export function amsterdamMoment(day: string, time: string, addDays = 0): string {
  const [year, month, date] = day.split("-").map(Number);
  const [hours, minutes] = (time || "00:00").split(":").map(Number);
  return new TZDate(year, month - 1, date + addDays, hours, minutes, SERIES_ZONE).toISOString();
}

/** The activity that the form edits, as the managed list gives it. */
export type TEditedActivity = TManagedActivity & {
  summary: string | null;
  description: string | null;
  online: boolean;
  locationName: string | null;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  registrationUrl: string | null;
  imageUrl: string | null;
  kind?: string;
  volunteerCenterId: number | string;
  seriesId: number | string | null;
};

/**
 * The form's values of a stored activity. An all-day activity ends at the midnight after
 * its last day (lib/activities/calendar.ts), so that last day is the day before its end.
 */
export function activityFormValues(activity: TEditedActivity): TActivityFormValues {
  const start = new Date(activity.startsAt);
  const end = activity.endsAt ? new Date(activity.endsAt) : null;
  const startDate = amsterdamDate(start);
  let endDate = "";
  let endTime = "";
  if (end && activity.allDay) {
    const last = dayBefore(amsterdamDate(end));
    endDate = last > startDate ? last : "";
  } else if (end) {
    const day = amsterdamDate(end);
    endDate = day === startDate ? "" : day;
    endTime = amsterdamTime(end);
  }
  return {
    ...EMPTY_ACTIVITY_FORM,
    title: activity.title,
    summary: s(activity.summary),
    description: s(activity.description),
    startDate,
    startTime: activity.allDay ? "" : amsterdamTime(start),
    endDate,
    endTime,
    allDay: activity.allDay,
    deskId: s(activity.deskId),
    online: activity.online,
    locationName: s(activity.locationName),
    street: s(activity.street),
    postalCode: s(activity.postalCode),
    city: s(activity.city),
    capacity: s(activity.capacity),
    registrationUrl: s(activity.registrationUrl),
    imageUrl: s(activity.imageUrl),
    workshop: activity.kind === "workshop",
  };
}

const orNull = (value: string) => (value.trim() === "" ? null : value.trim());

/** The start and end the values say, as ISO moments (null: no end). */
export function activityMoments(values: TActivityFormValues): {
  startsAt: string;
  endsAt: string | null;
} {
  const lastDay = values.endDate || values.startDate;
  if (values.allDay) {
    // The midnight after the last day: the end is exclusive.
    return {
      startsAt: amsterdamMoment(values.startDate, "00:00"),
      endsAt: amsterdamMoment(lastDay, "00:00", 1),
    };
  }
  return {
    startsAt: amsterdamMoment(values.startDate, values.startTime),
    endsAt: values.endTime === "" ? null : amsterdamMoment(lastDay, values.endTime),
  };
}

const PLACE = ["street", "postal_code", "city"] as const;

/** Every attribute the form writes, in the contract's (snake_case) names. */
export function contractAttributes(values: TActivityFormValues): Record<string, unknown> {
  const { startsAt, endsAt } = activityMoments(values);
  const capacity = values.capacity.trim();
  // Online or at a place: the place's fields are hidden while online, and clear.
  const place = (value: string) => (values.online ? null : orNull(value));
  return {
    title: values.title.trim(),
    summary: orNull(values.summary),
    description: values.description === "" ? null : values.description,
    starts_at: startsAt,
    ends_at: endsAt,
    all_day: values.allDay,
    online: values.online,
    location_name: place(values.locationName),
    street: place(values.street),
    postal_code: place(values.postalCode),
    city: place(values.city),
    capacity: capacity === "" ? null : Number(capacity),
    registration_url: orNull(values.registrationUrl),
    image_url: orNull(values.imageUrl),
    kind: values.workshop ? "workshop" : "activity",
  };
}

/** The series' rule in the contract's names. */
export function seriesRule(values: TActivityFormValues): Record<string, unknown> {
  const rule: Record<string, unknown> = { interval_weeks: Number(values.intervalWeeks.trim()) };
  if (values.repeatEnd === "until") rule.until = values.until;
  else rule.count = Number(values.count.trim());
  // Only the skipped days the rule still yields: a day unticked, then the rule changed, is gone.
  const dates = new Set(seriesPreview(values)?.map((o) => o.date) ?? []);
  rule.exception_dates = values.exceptionDates.filter((day) => dates.has(day)).sort();
  return rule;
}

/**
 * The dates the series' rule yields (the api's own computation), each with whether it is
 * skipped; null when the rule is not complete yet or yields more than the api allows.
 */
export function seriesPreview(
  values: TActivityFormValues,
): { date: string; startsAt: Date; skipped: boolean }[] | null {
  const interval = Number(values.intervalWeeks.trim());
  const count = Number(values.count.trim());
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.startDate)) return null;
  if (!values.allDay && !/^\d{2}:\d{2}$/.test(values.startTime)) return null;
  if (!Number.isInteger(interval) || interval < 1 || interval > SERIES_LIMITS.maxIntervalWeeks) {
    return null;
  }
  if (values.repeatEnd === "until" && !/^\d{4}-\d{2}-\d{2}$/.test(values.until)) return null;
  if (
    values.repeatEnd === "count" &&
    (!Number.isInteger(count) || count < 1 || count > SERIES_LIMITS.maxOccurrences)
  ) {
    return null;
  }
  const { startsAt } = activityMoments(values);
  const found = occurrencesOf(
    { startsAt: new Date(startsAt), endsAt: null },
    {
      intervalWeeks: interval,
      ...(values.repeatEnd === "until" ? { until: values.until } : { count }),
      exceptionDates: [],
    },
  );
  if (found === null) return null;
  const skipped = new Set(values.exceptionDates);
  return found.map((o) => ({ date: o.date, startsAt: o.startsAt, skipped: skipped.has(o.date) }));
}

type TIdentifier = { type: string; id: string };

/** What the api takes (camelCase: the api client snake_cases the keys). */
export type TActivityDocument = {
  data: {
    type: "activities" | "activity_series";
    id?: string;
    attributes: Record<string, unknown>;
    relationships?: {
      desk?: { data: TIdentifier | null };
      volunteerCenter?: { data: TIdentifier };
    };
  };
};

const snakeToCamel = (key: string) => key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
const camelCased = (attributes: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(attributes).map(([key, value]) => [snakeToCamel(key), value]));

/**
 * The document of a new activity (POST /activities) or series (POST /activity_series).
 * Without a desk it names the writer's centre when they run exactly one (`centreId`);
 * otherwise the api takes the site's centre.
 */
export function newActivityDocument(
  values: TActivityFormValues,
  options: { centreId?: string } = {},
): TActivityDocument {
  const attributes = contractAttributes(values);
  const relationships: NonNullable<TActivityDocument["data"]["relationships"]> = {};
  if (values.deskId) relationships.desk = { data: { type: "desks", id: values.deskId } };
  else if (options.centreId) {
    relationships.volunteerCenter = {
      data: { type: "volunteer_centers", id: options.centreId },
    };
  }
  return {
    data: {
      type: values.repeats ? "activity_series" : "activities",
      attributes: camelCased(
        values.repeats ? { ...attributes, ...seriesRule(values) } : attributes,
      ),
      ...(Object.keys(relationships).length > 0 ? { relationships } : {}),
    },
  };
}

/**
 * The PATCH of an edit: only what differs from `initial` (what the form started from), so an
 * unchanged place is not geocoded again, and "this and the following" sets on the later
 * occurrences only what was changed here. A changed start or end sends both (the api moves
 * the later occurrences by the start's shift and keeps each one's length otherwise).
 */
export function activityPatchDocument(
  id: string,
  values: TActivityFormValues,
  initial: TActivityFormValues,
): TActivityDocument {
  const now = contractAttributes(values);
  const before = contractAttributes(initial);
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(now)) {
    if (JSON.stringify(value) !== JSON.stringify(before[key])) changed[key] = value;
  }
  if ("starts_at" in changed || "ends_at" in changed || "all_day" in changed) {
    changed.starts_at = now.starts_at;
    changed.ends_at = now.ends_at;
  }
  // The place is one address: any part changed sends all of it.
  if (PLACE.some((key) => key in changed)) for (const key of PLACE) changed[key] = now[key];
  return {
    data: {
      type: "activities",
      id,
      attributes: camelCased(changed),
      ...(values.deskId !== initial.deskId
        ? {
            relationships: {
              desk: { data: values.deskId ? { type: "desks", id: values.deskId } : null },
            },
          }
        : {}),
    },
  };
}

/** Where the api's 422 pointers land (below `/data`). */
export function activityPointerFields(values: TActivityFormValues): Record<string, string> {
  return {
    "attributes.title": "title",
    "attributes.summary": "summary",
    "attributes.description": "description",
    "attributes.startsAt": values.allDay ? "startDate" : "startTime",
    "attributes.endsAt": values.allDay ? "endDate" : "endTime",
    "attributes.allDay": "allDay",
    "attributes.online": "online",
    "attributes.locationName": "locationName",
    "attributes.street": "street",
    "attributes.postalCode": "postalCode",
    "attributes.city": "city",
    "attributes.capacity": "capacity",
    "attributes.registrationUrl": "registrationUrl",
    "attributes.imageUrl": "imageUrl",
    "attributes.kind": "workshop",
    "attributes.intervalWeeks": "intervalWeeks",
    "attributes.until": values.repeatEnd === "until" ? "until" : "count",
    "attributes.count": "count",
    "attributes.exceptionDates": "exceptionDates",
    "relationships.desk": "deskId",
    "relationships.volunteerCenter": "deskId",
  };
}

/** Each field's label, one literal key per case (tests/unit/messages.test.ts). */
export function activityFieldLabel(t: Translator, field: string): string {
  switch (field) {
    case "title":
      return t("activityForm.fields.title");
    case "summary":
      return t("activityForm.fields.summary");
    case "description":
      return t("activityForm.fields.description");
    case "startDate":
      return t("activityForm.fields.startDate");
    case "startTime":
      return t("activityForm.fields.startTime");
    case "endDate":
      return t("activityForm.fields.endDate");
    case "endTime":
      return t("activityForm.fields.endTime");
    case "allDay":
      return t("activityForm.fields.allDay");
    case "deskId":
      return t("activityForm.fields.desk");
    case "online":
      return t("activityForm.fields.online");
    case "locationName":
      return t("activityForm.fields.locationName");
    case "street":
      return t("activityForm.fields.street");
    case "postalCode":
      return t("activityForm.fields.postalCode");
    case "city":
      return t("activityForm.fields.city");
    case "capacity":
      return t("activityForm.fields.capacity");
    case "registrationUrl":
      return t("activityForm.fields.registrationUrl");
    case "imageUrl":
      return t("activityForm.fields.imageUrl");
    case "workshop":
      return t("activityForm.fields.workshop");
    case "intervalWeeks":
      return t("activityForm.fields.intervalWeeks");
    case "until":
      return t("activityForm.fields.until");
    case "count":
      return t("activityForm.fields.count");
    default:
      return t("activityForm.fields.exceptionDates");
  }
}

const LIMIT_OF: Partial<Record<string, number>> = {
  title: ACTIVITY_LIMITS.title,
  summary: ACTIVITY_LIMITS.summary,
  description: ACTIVITY_LIMITS.description,
  locationName: ACTIVITY_LIMITS.locationName,
  street: ACTIVITY_LIMITS.street,
  postalCode: ACTIVITY_LIMITS.postalCode,
  city: ACTIVITY_LIMITS.city,
  registrationUrl: ACTIVITY_LIMITS.url,
  imageUrl: ACTIVITY_LIMITS.url,
};

/** The message for a problem the api found on a field (its 422 `code`), localized. */
export function activityApiMessage(t: Translator, field: string, error: ApiErrorObject): string {
  const label = activityFieldLabel(t, field);
  switch (error.code) {
    case "blank":
      return t("validation.required", { field: label });
    case "too_long":
      return t("activityForm.validation.tooLong", {
        field: label,
        max: String(LIMIT_OF[field] ?? ""),
      });
    case "unknown_place":
      return t("activityForm.validation.unknownPlace");
    case "greater_than_or_equal_to":
      return t("activityForm.validation.endsBeforeStart");
    case "too_many":
      return t("activityForm.validation.tooMany", {
        max: String(SERIES_LIMITS.maxOccurrences),
      });
    case "empty":
      return t("activityForm.validation.noOccurrence");
    default:
      return t("validation.invalid", { field: label });
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;
const WHOLE = /^\d+$/;

/** The contract's attribute names mapped to the form's fields, for the last check. */
function fieldOfAttribute(values: TActivityFormValues): Partial<Record<string, string>> {
  return {
    title: "title",
    summary: "summary",
    description: "description",
    starts_at: values.allDay ? "startDate" : "startTime",
    ends_at: values.allDay ? "endDate" : "endTime",
    location_name: "locationName",
    street: "street",
    postal_code: "postalCode",
    city: "city",
    capacity: "capacity",
    registration_url: "registrationUrl",
    image_url: "imageUrl",
    kind: "workshop",
    interval_weeks: "intervalWeeks",
    until: "until",
    count: "count",
    exception_dates: "exceptionDates",
  };
}

function buildSchema(t: Translator) {
  const label = (field: string) => activityFieldLabel(t, field);
  const tooLong = (field: string) =>
    t("activityForm.validation.tooLong", { field: label(field), max: String(LIMIT_OF[field]) });
  const text = (field: string, max: number) => z.string().trim().max(max, tooLong(field));
  const required = (field: string) => t("validation.required", { field: label(field) });
  const between = (field: string, min: number, max: number) =>
    t("activityForm.validation.between", {
      field: label(field),
      min: String(min),
      max: String(max),
    });
  return z
    .object({
      title: z
        .string()
        .trim()
        .min(1, required("title"))
        .max(ACTIVITY_LIMITS.title, tooLong("title")),
      summary: text("summary", ACTIVITY_LIMITS.summary),
      description: z.string().max(ACTIVITY_LIMITS.description, tooLong("description")),
      startDate: z.string().min(1, required("startDate")),
      startTime: z.string(),
      endDate: z.string(),
      endTime: z.string(),
      allDay: z.boolean(),
      deskId: z.string(),
      online: z.boolean(),
      locationName: text("locationName", ACTIVITY_LIMITS.locationName),
      street: text("street", ACTIVITY_LIMITS.street),
      postalCode: text("postalCode", ACTIVITY_LIMITS.postalCode),
      city: text("city", ACTIVITY_LIMITS.city),
      capacity: z
        .string()
        .trim()
        .refine(
          (v) =>
            v === "" ||
            (WHOLE.test(v) && Number(v) >= 1 && Number(v) <= ACTIVITY_LIMITS.maxCapacity),
          between("capacity", 1, ACTIVITY_LIMITS.maxCapacity),
        ),
      registrationUrl: text("registrationUrl", ACTIVITY_LIMITS.url),
      imageUrl: text("imageUrl", ACTIVITY_LIMITS.url),
      workshop: z.boolean(),
      repeats: z.boolean(),
      intervalWeeks: z.string().trim(),
      repeatEnd: z.enum(["until", "count"]),
      until: z.string(),
      count: z.string().trim(),
      exceptionDates: z.array(z.string()),
      scope: z.enum(["this", "following"]),
    })
    .superRefine((raw, ctx) => {
      const values = raw as TActivityFormValues;
      const issue = (field: string, message: string) =>
        ctx.addIssue({ code: "custom", path: [field], message });
      if (!DAY.test(values.startDate)) return;
      if (!values.allDay && !TIME.test(values.startTime)) {
        return issue("startTime", required("startTime"));
      }
      if (values.endDate !== "" && values.endDate < values.startDate) {
        return issue("endDate", t("activityForm.validation.endsBeforeStart"));
      }
      const { startsAt, endsAt } = activityMoments(values);
      if (endsAt !== null && Date.parse(endsAt) < Date.parse(startsAt)) {
        return issue(
          values.allDay ? "endDate" : "endTime",
          t("activityForm.validation.endsBeforeStart"),
        );
      }
      if (values.repeats) {
        const interval = values.intervalWeeks;
        if (
          !WHOLE.test(interval) ||
          Number(interval) < 1 ||
          Number(interval) > SERIES_LIMITS.maxIntervalWeeks
        ) {
          return issue(
            "intervalWeeks",
            between("intervalWeeks", 1, SERIES_LIMITS.maxIntervalWeeks),
          );
        }
        if (values.repeatEnd === "until") {
          if (!DAY.test(values.until)) return issue("until", required("until"));
          if (values.until < values.startDate) {
            return issue("until", t("activityForm.validation.untilBeforeStart"));
          }
        } else if (
          !WHOLE.test(values.count) ||
          Number(values.count) < 1 ||
          Number(values.count) > SERIES_LIMITS.maxOccurrences
        ) {
          return issue("count", between("count", 1, SERIES_LIMITS.maxOccurrences));
        }
        const dates = seriesPreview(values);
        if (dates === null) {
          return issue(
            "until",
            t("activityForm.validation.tooMany", { max: String(SERIES_LIMITS.maxOccurrences) }),
          );
        }
        if (dates.every((o) => o.skipped)) {
          return issue("exceptionDates", t("activityForm.validation.noOccurrence"));
        }
      }
      // The last word is the contract's: whatever it would refuse is refused here too.
      const attributes = contractAttributes(values);
      const parsed = values.repeats
        ? ZActivitySeriesAttributes.safeParse({ ...attributes, ...seriesRule(values) })
        : ZActivityAttributes.safeParse(attributes);
      if (parsed.success) return;
      const fieldOf = fieldOfAttribute(values);
      for (const problem of parsed.error.issues) {
        const field = fieldOf[String(problem.path[0])];
        if (field) issue(field, t("validation.invalid", { field: label(field) }));
      }
    });
}

export type TActivityFormSchema = ReturnType<typeof buildSchema>;

/** useZodForm's stable factory (its resolver is memoised on it). */
export const activityFormSchema: SchemaFactory<TActivityFormSchema> = (t) => buildSchema(t);
