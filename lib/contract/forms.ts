import { z } from "zod";

/**
 * Forms built by centre and organisation staff and filled in by anyone (docs/forms.md): the
 * definition's schema, its limits, and the one validator of answers that the api (POST
 * /api/v1/forms/:token/submissions, applying with a vacancy's questions) and the public
 * page (on blur, per step, before sending) both run, so they can never disagree.
 *
 * The definition travels through the api client's key conversion (lib/api/case.ts: snake
 * out, camel in, recursively). So every key of the definition is one lower-case word (the
 * conversion leaves it alone), and field ids, which are keys of the answers, are lower-case
 * letters, digits and hyphens: no conversion can change them either.
 */

export const FORM_STATUSES = ["draft", "published", "closed"] as const;
export type TFormStatus = (typeof FORM_STATUSES)[number];
export const FORM_LOCALES = ["nl", "en"] as const;
export type TFormLocale = (typeof FORM_LOCALES)[number];

export const INPUT_KINDS = [
  "short_text",
  "long_text",
  "email",
  "phone",
  "number",
  "date",
  "single_choice",
  "multiple_choice",
  "dropdown",
  "yes_no",
  "consent",
] as const;
export const DISPLAY_KINDS = ["heading", "paragraph"] as const;
export const FIELD_KINDS = [...INPUT_KINDS, ...DISPLAY_KINDS] as const;
export type TFieldKind = (typeof FIELD_KINDS)[number];
export type TInputKind = (typeof INPUT_KINDS)[number];

const TEXT_KINDS = ["short_text", "long_text", "email", "phone"] as const;
const CHOICE_KINDS = ["single_choice", "multiple_choice", "dropdown"] as const;
const PATTERN_KINDS = ["short_text", "long_text", "phone"] as const;

export const isInputKind = (kind: TFieldKind): kind is TInputKind =>
  (INPUT_KINDS as readonly string[]).includes(kind);
export const isChoiceKind = (kind: TFieldKind) =>
  (CHOICE_KINDS as readonly string[]).includes(kind);
const isTextKind = (kind: TFieldKind) => (TEXT_KINDS as readonly string[]).includes(kind);

export const FORM_LIMITS = {
  title: 200,
  steps: 10,
  fields: 100,
  id: 40,
  label: 300,
  help: 1_000,
  paragraph: 5_000,
  options: 50,
  optionValue: 100,
  pattern: 200,
  conditionValues: 50,
  /** An answer of a short text, e-mail or phone field. */
  shortAnswer: 500,
  /** An answer of a long text field. */
  longAnswer: 10_000,
  /** Days a submission is kept; null keeps it until deleted by hand. */
  retentionDays: { min: 1, max: 3_650 },
} as const;

/** Lower-case letters, digits and hyphens, starting with a letter (see the header). */
export const FIELD_ID_PATTERN = /^[a-z][a-z0-9-]*$/;
const ZId = z.string().min(1).max(FORM_LIMITS.id).regex(FIELD_ID_PATTERN);

/** A text in both languages; English may be left out and falls back to Dutch. */
const translated = (max: number) =>
  z
    .object({ nl: z.string().trim().min(1).max(max), en: z.string().trim().max(max).optional() })
    .strict();
export type TTranslated = { nl: string; en?: string };

/** The text in the reader's language, else the Dutch one. */
export const inLocale = (text: TTranslated | undefined, locale: string): string =>
  text === undefined ? "" : locale === "en" && text.en ? text.en : text.nl;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const isIsoDate = (value: string) => {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/**
 * A pattern a field's answer must match as a whole (JavaScript syntax, with the `u` flag).
 * A quantified group that itself holds a quantifier, `(a+)+`, can take exponential time
 * on a crafted answer, and the api runs the pattern on strangers' input: refused.
 */
const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*[+*}](?:[^()\\]|\\.)*\)\s*[+*{]/;
export function compilePattern(source: string): RegExp | null {
  if (NESTED_QUANTIFIER.test(source)) return null;
  try {
    return new RegExp(`^(?:${source})$`, "u");
  } catch {
    return null;
  }
}

const ZBound = z.union([z.number().finite(), z.string().regex(ISO_DATE)]);

const ZOption = z
  .object({
    value: z.string().trim().min(1).max(FORM_LIMITS.optionValue),
    label: translated(FORM_LIMITS.label),
  })
  .strict();

/** Show the field when `field` has a value (`values` empty) or one of `values`; a yes/no
 *  field's values are "yes" and "no". */
const ZCondition = z
  .object({
    field: ZId,
    values: z
      .array(z.string().min(1).max(FORM_LIMITS.optionValue))
      .max(FORM_LIMITS.conditionValues),
  })
  .strict();

export const ZFormField = z
  .object({
    id: ZId,
    kind: z.enum(FIELD_KINDS),
    /** The question; for a heading its text. */
    label: translated(FORM_LIMITS.label),
    help: translated(FORM_LIMITS.help).optional(),
    /** A paragraph's text. */
    text: translated(FORM_LIMITS.paragraph).optional(),
    required: z.boolean().default(false),
    /** Length for text, value for a number, a date (YYYY-MM-DD) for a date, a count of
     *  choices for multiple choice. */
    min: ZBound.optional(),
    max: ZBound.optional(),
    pattern: z.string().min(1).max(FORM_LIMITS.pattern).optional(),
    options: z.array(ZOption).max(FORM_LIMITS.options).optional(),
    condition: ZCondition.optional(),
  })
  .strict();
export type TFormField = z.output<typeof ZFormField>;

export const ZFormStep = z
  .object({
    id: ZId,
    title: translated(FORM_LIMITS.label).optional(),
    fields: z.array(ZFormField).max(FORM_LIMITS.fields),
  })
  .strict();
export type TFormStep = z.output<typeof ZFormStep>;

type TIssue = { path: (string | number)[]; message: string; code: string };

/** The rules a definition must keep beyond its shape; each problem with its path. */
function definitionIssues(steps: TFormStep[]): TIssue[] {
  const issues: TIssue[] = [];
  const add = (path: (string | number)[], message: string, code: string) =>
    issues.push({ path, message, code });
  const seen = new Map<string, TFormField>();
  const stepIds = new Set<string>();
  let count = 0;
  steps.forEach((step, s) => {
    if (stepIds.has(step.id)) add(["steps", s, "id"], "is used twice", "taken");
    stepIds.add(step.id);
    step.fields.forEach((field, f) => {
      const at = (...rest: string[]) => ["steps", s, "fields", f, ...rest];
      count += 1;
      if (seen.has(field.id)) add(at("id"), "is used twice", "taken");
      const kind = field.kind;
      const choice = isChoiceKind(kind);
      if (choice && (field.options?.length ?? 0) === 0)
        add(at("options"), "can't be blank", "blank");
      if (!choice && field.options !== undefined)
        add(at("options"), "is not allowed here", "invalid");
      if (choice && field.options) {
        const values = field.options.map((o) => o.value);
        if (new Set(values).size !== values.length)
          add(at("options"), "has a value twice", "taken");
      }
      if (kind === "paragraph" && !field.text) add(at("text"), "can't be blank", "blank");
      if (kind !== "paragraph" && field.text) add(at("text"), "is not allowed here", "invalid");
      const display = !isInputKind(kind);
      if (display && field.required) add(at("required"), "is not allowed here", "invalid");
      for (const bound of ["min", "max"] as const) {
        const value = field[bound];
        if (value === undefined) continue;
        const wantsDate = kind === "date";
        const allowed =
          isTextKind(kind) || kind === "number" || kind === "date" || kind === "multiple_choice";
        if (!allowed) add(at(bound), "is not allowed here", "invalid");
        else if (
          wantsDate ? typeof value !== "string" || !isIsoDate(value) : typeof value !== "number"
        ) {
          add(at(bound), wantsDate ? "must be a date" : "must be a number", "invalid");
        } else if (
          kind !== "number" &&
          kind !== "date" &&
          (!Number.isInteger(value) || (value as number) < 0)
        ) {
          add(at(bound), "must be a whole number of at least 0", "invalid");
        }
      }
      if (
        field.min !== undefined &&
        field.max !== undefined &&
        typeof field.min === typeof field.max &&
        field.min > field.max
      ) {
        add(at("max"), "must not be less than the minimum", "invalid");
      }
      if (field.pattern !== undefined) {
        if (!(PATTERN_KINDS as readonly string[]).includes(kind))
          add(at("pattern"), "is not allowed here", "invalid");
        else if (!compilePattern(field.pattern))
          add(at("pattern"), "is not a usable pattern", "invalid");
      }
      if (field.condition) {
        // Only an earlier input field: so a condition can never wait on itself or on a
        // later field, and no chain of conditions can form a cycle.
        const target = seen.get(field.condition.field);
        if (!target) add(at("condition", "field"), "must be an earlier field", "invalid");
        else if (!isInputKind(target.kind))
          add(at("condition", "field"), "must be a question", "invalid");
        else if (target.options) {
          const known = new Set(target.options.map((o) => o.value));
          if (field.condition.values.some((v) => !known.has(v))) {
            add(at("condition", "values"), "is not included in the list", "inclusion");
          }
        } else if (target.kind === "yes_no" || target.kind === "consent") {
          if (field.condition.values.some((v) => v !== "yes" && v !== "no")) {
            add(at("condition", "values"), "is not included in the list", "inclusion");
          }
        }
      }
      seen.set(field.id, field);
    });
  });
  if (count > FORM_LIMITS.fields)
    add(["steps"], `holds more than ${FORM_LIMITS.fields} fields`, "too_long");
  return issues;
}

export const ZFormDefinition = z
  .object({ steps: z.array(ZFormStep).min(1).max(FORM_LIMITS.steps) })
  .strict()
  .superRefine((definition, ctx) => {
    for (const issue of definitionIssues(definition.steps)) {
      ctx.addIssue({
        code: "custom",
        path: issue.path,
        message: issue.message,
        params: { code: issue.code },
      });
    }
  });
export type TFormDefinition = z.output<typeof ZFormDefinition>;

/** A definition with one empty step: what a new form starts with. */
export const emptyDefinition = (): TFormDefinition => ({ steps: [{ id: "step-1", fields: [] }] });

export const allFields = (definition: TFormDefinition): TFormField[] =>
  definition.steps.flatMap((step) => step.fields);

export const inputFields = (definition: TFormDefinition): TFormField[] =>
  allFields(definition).filter((field) => isInputKind(field.kind));

/**
 * A field kept across versions must keep its kind: old submissions' answers under that id
 * would otherwise mean something else in the list and the CSV. The ids of `before` whose
 * kind changed.
 */
export function changedKinds(before: TFormDefinition, after: TFormDefinition): string[] {
  const old = new Map(allFields(before).map((f) => [f.id, f.kind]));
  return allFields(after)
    .filter((f) => old.has(f.id) && old.get(f.id) !== f.kind)
    .map((f) => f.id);
}

// --- Answers --------------------------------------------------------------------------

/** One answer: text, a date or a number as text; the chosen values; yes/no and consent. */
export const ZAnswer = z.union([
  z.string().max(FORM_LIMITS.longAnswer),
  z.array(z.string().max(FORM_LIMITS.optionValue)).max(FORM_LIMITS.options),
  z.boolean(),
  z.number().finite(),
  z.null(),
]);
export type TAnswer = z.output<typeof ZAnswer>;
export const ZAnswers = z.record(z.string().max(FORM_LIMITS.id), ZAnswer);
export type TAnswers = Record<string, TAnswer>;

/** The message keys of the rules (messages `forms.validation.<key>`) and their params. */
export const RULE_KEYS = [
  "required",
  "invalid",
  "email",
  "phone",
  "number",
  "date",
  "option",
  "minLength",
  "maxLength",
  "min",
  "max",
  "minDate",
  "maxDate",
  "minCount",
  "maxCount",
] as const;
export type TRuleKey = (typeof RULE_KEYS)[number];
export type TFieldError = { key: TRuleKey; params: Record<string, string | number> };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Digits with the usual separators and an optional leading +: 10 to 15 digits. */
const PHONE = /^\+?[0-9 ()-]+$/;
const NUMBER = /^-?\d+(?:[.,]\d+)?$/;

const isEmpty = (value: TAnswer | undefined) =>
  value === undefined ||
  value === null ||
  value === false ||
  (typeof value === "string" && value.trim() === "") ||
  (Array.isArray(value) && value.length === 0);

/** A yes/no answer as the condition values name it. */
const asConditionValues = (value: TAnswer | undefined): string[] => {
  if (value === true) return ["yes"];
  if (value === false) return ["no"];
  if (Array.isArray(value)) return value;
  if (typeof value === "string" || typeof value === "number") return [String(value).trim()];
  return [];
};

/** The ids of the fields shown for these answers: a field whose condition is not met is
 *  hidden, and so is a field whose condition points at a hidden one. */
export function visibleFieldIds(definition: TFormDefinition, answers: TAnswers): Set<string> {
  const visible = new Set<string>();
  for (const field of allFields(definition)) {
    const condition = field.condition;
    if (!condition) {
      visible.add(field.id);
      continue;
    }
    if (!visible.has(condition.field)) continue;
    const given = answers[condition.field];
    const shown =
      condition.values.length === 0
        ? !isEmpty(given) || given === false
        : asConditionValues(given).some((v) => condition.values.includes(v));
    if (shown) visible.add(field.id);
  }
  return visible;
}

/**
 * The first failing rule of one field (spec §5: validation stops at the first failing rule,
 * one message per field), or null. Order: required, the kind's format, the minimum, the
 * maximum, the pattern. `{field}` is the label, so the message reads "{field} is not valid."
 */
export function validateField(
  field: TFormField,
  value: TAnswer | undefined,
  locale: string,
): TFieldError | null {
  const fieldName = inLocale(field.label, locale);
  const fail = (key: TRuleKey, params: Record<string, string | number> = {}): TFieldError => ({
    key,
    params: { field: fieldName, ...params },
  });
  if (!isInputKind(field.kind)) return null;
  if (field.kind === "consent") {
    if (field.required && value !== true) return fail("required");
    return value === undefined || value === null || typeof value === "boolean"
      ? null
      : fail("invalid");
  }
  if (field.kind === "yes_no") {
    if (value === undefined || value === null) return field.required ? fail("required") : null;
    return typeof value === "boolean" ? null : fail("invalid");
  }
  if (isEmpty(value)) return field.required ? fail("required") : null;
  const { min, max } = field;
  switch (field.kind) {
    case "multiple_choice": {
      if (!Array.isArray(value)) return fail("invalid");
      const known = new Set(field.options?.map((o) => o.value));
      if (value.some((v) => !known.has(v)) || new Set(value).size !== value.length)
        return fail("option");
      if (typeof min === "number" && value.length < min) return fail("minCount", { min });
      if (typeof max === "number" && value.length > max) return fail("maxCount", { max });
      return null;
    }
    case "single_choice":
    case "dropdown": {
      if (typeof value !== "string") return fail("invalid");
      return field.options?.some((o) => o.value === value) ? null : fail("option");
    }
    case "number": {
      const text =
        typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : null;
      if (text === null || !NUMBER.test(text)) return fail("number");
      const number = Number(text.replace(",", "."));
      if (typeof min === "number" && number < min) return fail("min", { min });
      if (typeof max === "number" && number > max) return fail("max", { max });
      return null;
    }
    case "date": {
      if (typeof value !== "string" || !isIsoDate(value)) return fail("date");
      if (typeof min === "string" && value < min) return fail("minDate", { min });
      if (typeof max === "string" && value > max) return fail("maxDate", { max });
      return null;
    }
    default: {
      if (typeof value !== "string") return fail("invalid");
      const text = value.trim();
      const limit = field.kind === "long_text" ? FORM_LIMITS.longAnswer : FORM_LIMITS.shortAnswer;
      if (field.kind === "email" && !EMAIL.test(text)) return fail("email");
      if (field.kind === "phone") {
        const digits = text.replace(/\D/g, "").length;
        if (!PHONE.test(text) || digits < 10 || digits > 15) return fail("phone");
      }
      if (typeof min === "number" && [...text].length < min) return fail("minLength", { min });
      const most = typeof max === "number" ? Math.min(max, limit) : limit;
      if ([...text].length > most) return fail("maxLength", { max: most });
      if (field.pattern) {
        const pattern = compilePattern(field.pattern);
        if (!pattern?.test(text)) return fail("invalid");
      }
      return null;
    }
  }
}

export type TValidation = {
  /** Per visible field, its first failing rule. */
  errors: Record<string, TFieldError>;
  /** The answers to keep: visible input fields only, text trimmed, numbers as numbers. */
  clean: TAnswers;
  visible: Set<string>;
};

function normalise(field: TFormField, value: TAnswer): TAnswer {
  if (field.kind === "number" && typeof value === "string")
    return Number(value.trim().replace(",", "."));
  if (typeof value === "string") return value.trim();
  return value;
}

/**
 * Validates a whole answer set against a definition: the api's check before it stores a
 * submission and the page's before it sends. Hidden fields are never required and their
 * answers are dropped; answers to unknown ids are dropped. `fieldIds` narrows the check to
 * some fields (the page checks one step before moving on).
 */
export function validateAnswers(
  definition: TFormDefinition,
  answers: TAnswers,
  locale: string,
  fieldIds?: ReadonlySet<string>,
): TValidation {
  const visible = visibleFieldIds(definition, answers);
  const errors: Record<string, TFieldError> = {};
  const clean: TAnswers = {};
  for (const field of inputFields(definition)) {
    if (!visible.has(field.id)) continue;
    if (fieldIds && !fieldIds.has(field.id)) continue;
    const value = answers[field.id];
    const error = validateField(field, value, locale);
    if (error) errors[field.id] = error;
    else if (!isEmpty(value) || (value === false && field.kind === "yes_no")) {
      clean[field.id] = normalise(field, value as TAnswer);
    }
  }
  return { errors, clean, visible };
}

// --- The api's attributes ---------------------------------------------------------------

export const ZFormAttributes = z
  .object({
    title: z.string().trim().min(1).max(FORM_LIMITS.title),
    /** The owner: a centre or an organisation of the tenant. */
    organization_id: z.number().int().positive(),
    requires_sign_in: z.boolean().optional(),
    confirmation_mail: z.boolean().optional(),
    retention_days: z
      .number()
      .int()
      .min(FORM_LIMITS.retentionDays.min)
      .max(FORM_LIMITS.retentionDays.max)
      .nullable()
      .optional(),
    definition: ZFormDefinition.optional(),
  })
  .strict();
export type TFormAttributes = z.output<typeof ZFormAttributes>;

export const ZFormChanges = ZFormAttributes.omit({ organization_id: true }).partial().strict();
export type TFormChanges = z.output<typeof ZFormChanges>;

export const FORM_EVENTS = ["publish", "close", "reopen"] as const;
export type TFormEvent = (typeof FORM_EVENTS)[number];
export const ZFormTransition = z.object({ event: z.enum(FORM_EVENTS) }).strict();

/** A public submission: the answers, the page's language, and the honeypot (a field no
 *  person sees; anything in it marks a robot). */
export const HONEYPOT_FIELD = "website";
export const ZSubmissionAttributes = z
  .object({
    answers: ZAnswers,
    locale: z.enum(FORM_LOCALES).optional(),
    [HONEYPOT_FIELD]: z.string().max(1_000).optional(),
  })
  .strict();
export type TSubmissionAttributes = z.output<typeof ZSubmissionAttributes>;

/** Has the form at least one question? Publishing needs one. */
export const hasQuestions = (definition: TFormDefinition) => inputFields(definition).length > 0;
