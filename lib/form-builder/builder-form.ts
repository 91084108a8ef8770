import { z } from "zod";
import {
  emptyDefinition,
  FORM_LIMITS,
  isChoiceKind,
  isInputKind,
  type TFieldKind,
  type TFormAttributes,
  type TFormDefinition,
  type TFormField,
  type TTranslated,
  ZFormDefinition,
} from "@/lib/contract/forms";
import type { Translator } from "@/lib/i18n/translator";
import type { TManagedForm } from "./form-builder-api";

/**
 * The builder's model (docs/form-builder.md): the form's values as the inputs hold them
 * (every text a string, both languages always present), the definition they make, and the
 * check of that definition by the contract's own schema, its problems placed on the inputs
 * they are about in the page's language.
 */

export type TTextValues = { nl: string; en: string };
export type TOptionValues = { value: string; label: TTextValues };
export type TFieldValues = {
  id: string;
  kind: TFieldKind;
  label: TTextValues;
  help: TTextValues;
  text: TTextValues;
  required: boolean;
  min: string;
  max: string;
  pattern: string;
  options: TOptionValues[];
  /** `field` '' is no condition; `values` empty is "has any answer". */
  condition: { field: string; values: string[] };
};
export type TStepValues = { id: string; title: TTextValues; fields: TFieldValues[] };
export type TBuilderValues = {
  title: string;
  organizationId: string;
  requiresSignIn: boolean;
  confirmationMail: boolean;
  retentionDays: string;
  definition: { steps: TStepValues[] };
};

/** Kinds with a length (text), a value (number), a date or a count (multiple choice). */
export const BOUND_KINDS: readonly TFieldKind[] = [
  "short_text",
  "long_text",
  "email",
  "phone",
  "number",
  "date",
  "multiple_choice",
];
export const PATTERN_KINDS: readonly TFieldKind[] = ["short_text", "long_text", "phone"];
/** Values a yes/no or consent field's condition may name (the contract's). */
export const YES_NO_VALUES = ["yes", "no"] as const;

const texts = (text: TTranslated | undefined): TTextValues => ({
  nl: text?.nl ?? "",
  en: text?.en ?? "",
});
const translated = (text: TTextValues): TTranslated | undefined => {
  const nl = text.nl.trim();
  const en = text.en.trim();
  if (nl === "" && en === "") return undefined;
  // A missing Dutch text stays '' so the contract names it (English alone is not enough).
  return en === "" ? { nl } : { nl, en };
};

export function fieldValues(field: TFormField): TFieldValues {
  return {
    id: field.id,
    kind: field.kind,
    label: texts(field.label),
    help: texts(field.help),
    text: texts(field.text),
    required: field.required,
    min: field.min === undefined ? "" : String(field.min),
    max: field.max === undefined ? "" : String(field.max),
    pattern: field.pattern ?? "",
    options: (field.options ?? []).map((o) => ({ value: o.value, label: texts(o.label) })),
    condition: field.condition
      ? { field: field.condition.field, values: [...field.condition.values] }
      : { field: "", values: [] },
  };
}

/** A new field of a kind, with an id no field of the form has. */
export function newField(kind: TFieldKind, steps: readonly TStepValues[]): TFieldValues {
  const id = nextId(
    "field",
    steps.flatMap((s) => s.fields.map((f) => f.id)),
  );
  return {
    id,
    kind,
    label: { nl: "", en: "" },
    help: { nl: "", en: "" },
    text: { nl: "", en: "" },
    required: false,
    min: "",
    max: "",
    pattern: "",
    options: isChoiceKind(kind) ? [newOption([]), newOption(["option-1"])] : [],
    condition: { field: "", values: [] },
  };
}

export function newStep(steps: readonly TStepValues[]): TStepValues {
  return {
    id: nextId(
      "step",
      steps.map((s) => s.id),
    ),
    title: { nl: "", en: "" },
    fields: [],
  };
}

/**
 * An option's value is made once, when it is added, and never follows its label: conditions
 * and earlier answers point at it, and a label may be corrected without breaking them.
 */
export function newOption(taken: readonly string[]): TOptionValues {
  return { value: nextId("option", taken), label: { nl: "", en: "" } };
}

/** `<prefix>-<n>` with n one more than any taken with that prefix. */
export function nextId(prefix: string, taken: readonly string[]): string {
  let most = 0;
  for (const id of taken) {
    const match = new RegExp(`^${prefix}-(\\d+)$`).exec(id);
    if (match) most = Math.max(most, Number(match[1]));
  }
  return `${prefix}-${most + 1}`;
}

const bound = (kind: TFieldKind, value: string): string | number | undefined => {
  const trimmed = value.trim();
  if (trimmed === "") return undefined;
  if (kind === "date") return trimmed;
  // Not a number stays text, so the contract says "must be a number" on this input.
  const number = Number(trimmed.replace(",", "."));
  return Number.isFinite(number) ? number : trimmed;
};

/** The definition the values make; what the contract checks and the api stores. */
export function toDefinition(steps: readonly TStepValues[]): TFormDefinition {
  return {
    steps: steps.map((step) => ({
      id: step.id,
      ...optional("title", translated(step.title)),
      fields: step.fields.map((field) => toField(field)),
    })),
  } as TFormDefinition;
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

function toField(values: TFieldValues): TFormField {
  const { kind } = values;
  const input = isInputKind(kind);
  return {
    id: values.id,
    kind,
    label: translated(values.label) ?? { nl: "" },
    ...optional("help", input ? translated(values.help) : undefined),
    ...optional("text", kind === "paragraph" ? (translated(values.text) ?? { nl: "" }) : undefined),
    required: input ? values.required : false,
    ...optional("min", BOUND_KINDS.includes(kind) ? bound(kind, values.min) : undefined),
    ...optional("max", BOUND_KINDS.includes(kind) ? bound(kind, values.max) : undefined),
    ...optional(
      "pattern",
      PATTERN_KINDS.includes(kind) && values.pattern.trim() !== "" ? values.pattern : undefined,
    ),
    ...optional(
      "options",
      isChoiceKind(kind)
        ? values.options.map((o) => ({ value: o.value, label: translated(o.label) ?? { nl: "" } }))
        : undefined,
    ),
    ...optional(
      "condition",
      values.condition.field === ""
        ? undefined
        : { field: values.condition.field, values: [...values.condition.values] },
    ),
  } as TFormField;
}

/** The input fields before a place in the form: what a condition there may point at. */
export function earlierQuestions(
  steps: readonly TStepValues[],
  stepIndex: number,
  fieldIndex: number,
): TFieldValues[] {
  const found: TFieldValues[] = [];
  steps.forEach((step, s) => {
    step.fields.forEach((field, f) => {
      if (s < stepIndex || (s === stepIndex && f < fieldIndex)) {
        if (isInputKind(field.kind)) found.push(field);
      }
    });
  });
  return found;
}

/** The name of the input a contract problem's path ends in, for the message that names it. */
function partLabel(t: Translator, path: readonly string[]): string {
  const last = path[path.length - 1] ?? "";
  const parent = path[path.length - 2] ?? "";
  const inOption = path.includes("options") && last !== "options";
  if (inOption)
    return last === "en" ? t("formBuilder.parts.optionEn") : t("formBuilder.parts.optionNl");
  // One literal key per case, so the message check sees every text.
  switch (`${parent}.${last}`) {
    case "label.nl":
      return t("formBuilder.parts.labelNl");
    case "label.en":
      return t("formBuilder.parts.labelEn");
    case "help.nl":
      return t("formBuilder.parts.helpNl");
    case "help.en":
      return t("formBuilder.parts.helpEn");
    case "text.nl":
      return t("formBuilder.parts.textNl");
    case "text.en":
      return t("formBuilder.parts.textEn");
    case "title.nl":
      return t("formBuilder.parts.stepTitleNl");
    case "title.en":
      return t("formBuilder.parts.stepTitleEn");
  }
  switch (last) {
    case "min":
      return t("formBuilder.parts.min");
    case "max":
      return t("formBuilder.parts.max");
    case "pattern":
      return t("formBuilder.parts.pattern");
    case "options":
      return t("formBuilder.parts.options");
    default:
      return t("formBuilder.parts.field");
  }
}

type TIssue = { path: PropertyKey[]; code: string; message: string; params?: { code?: string } };

/** One contract problem in the builder's words. */
export function issueMessage(t: Translator, issue: TIssue): string {
  const path = issue.path.map(String);
  const tail = path.slice(-2).join(".");
  const last = path[path.length - 1] ?? "";
  const field = partLabel(t, path);
  const code = issue.params?.code ?? issue.code;
  if (code === "blank" || (issue.code === "too_small" && last !== "steps"))
    return t("validation.required", { field });
  if (code === "taken") return t("formBuilder.issues.taken", { field });
  if (code === "too_big") return t("formBuilder.issues.tooLong", { field });
  if (tail === "condition.field") return t("formBuilder.issues.conditionField");
  if (tail === "condition.values" || code === "inclusion")
    return t("formBuilder.issues.conditionValues");
  if (last === "pattern") return t("formBuilder.issues.pattern");
  if (last === "max" && issue.message.includes("less than"))
    return t("formBuilder.issues.maxBelowMin");
  if (last === "min" || last === "max") return t("formBuilder.issues.bound", { field });
  if (last === "steps") return t("formBuilder.issues.tooManyFields", { max: FORM_LIMITS.fields });
  return t("validation.invalid", { field });
}

export function builderSchema(t: Translator): z.ZodType<TBuilderValues, TBuilderValues> {
  const title = t("formBuilder.builder.title");
  const retention = t("formBuilder.builder.retentionDays");
  const { min, max } = FORM_LIMITS.retentionDays;
  return z
    .object({
      title: z
        .string()
        .refine((v) => v.trim() !== "", t("validation.required", { field: title }))
        .refine(
          (v) => v.trim().length <= FORM_LIMITS.title,
          t("formBuilder.issues.tooLong", { field: title }),
        ),
      organizationId: z
        .string()
        .refine(
          (v) => v !== "",
          t("validation.required", { field: t("formBuilder.builder.owner") }),
        ),
      requiresSignIn: z.boolean(),
      confirmationMail: z.boolean(),
      retentionDays: z.string().refine(
        (v) => {
          if (v.trim() === "") return true;
          const n = Number(v);
          return Number.isInteger(n) && n >= min && n <= max;
        },
        t("formBuilder.issues.retention", { field: retention, min, max }),
      ),
      definition: z.object({ steps: z.array(z.custom<TStepValues>()) }),
    })
    .superRefine((values, ctx) => {
      const result = ZFormDefinition.safeParse(toDefinition(values.definition.steps));
      if (result.success) return;
      for (const issue of result.error.issues) {
        ctx.addIssue({
          code: "custom",
          path: ["definition", ...issue.path],
          message: issueMessage(t, issue as TIssue),
        });
      }
    });
}

export function builderDefaults(form: TManagedForm | null, organizationId: string): TBuilderValues {
  const definition = form?.definition ?? emptyDefinition();
  return {
    title: form?.title ?? "",
    organizationId: form ? String(form.organizationId) : organizationId,
    requiresSignIn: form?.requiresSignIn ?? false,
    confirmationMail: form?.confirmationMail ?? false,
    retentionDays: form?.retentionDays == null ? "" : String(form.retentionDays),
    definition: {
      steps: definition.steps.map((step) => ({
        id: step.id,
        title: texts(step.title),
        fields: step.fields.map(fieldValues),
      })),
    },
  };
}

/** What a save sends: the contract's attributes (a new form's owner too). */
export function toAttributes(values: TBuilderValues): TFormAttributes {
  const days = values.retentionDays.trim();
  return {
    title: values.title.trim(),
    organization_id: Number(values.organizationId),
    requires_sign_in: values.requiresSignIn,
    confirmation_mail: values.confirmationMail,
    retention_days: days === "" ? null : Number(days),
    definition: toDefinition(values.definition.steps),
  };
}
