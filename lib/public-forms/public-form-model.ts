import { z } from "zod";
import type { ApiErrorObject } from "@/lib/api/errors";
import {
  allFields,
  HONEYPOT_FIELD,
  inLocale,
  inputFields,
  type TAnswer,
  type TAnswers,
  type TFieldError,
  type TFormDefinition,
  type TFormField,
  type TFormLocale,
  validateAnswers,
} from "@/lib/contract/forms";
import { leafPaths } from "@/lib/forms/use-api-form";
import type { Translator } from "@/lib/i18n/translator";

/**
 * The public form page's model (docs/forms.md): the form's values as react-hook-form keeps
 * them, turned into the answers the contract validates, and the schema that runs the
 * contract's validator with this page's messages, one step at a time.
 */

/** What GET /api/v1/forms/:token gives the page (camelCased by the api client). */
export type TPublicForm = {
  id: string;
  title: string;
  status: "published" | "closed";
  token: string;
  requiresSignIn: boolean;
  currentVersionId: number;
  definition: TFormDefinition;
};

/** The form's values: an entry per question under `answers`, and the honeypot. */
export type TFormValues = { answers: Record<string, unknown>; [HONEYPOT_FIELD]: string };

/** Empty values: text empty, nothing chosen, boxes unticked. */
export function emptyValues(definition: TFormDefinition): TFormValues {
  const answers: Record<string, unknown> = {};
  for (const field of allFields(definition)) {
    if (field.kind === "heading" || field.kind === "paragraph") continue;
    answers[field.id] =
      field.kind === "multiple_choice" ? [] : field.kind === "consent" ? false : "";
  }
  return { answers, [HONEYPOT_FIELD]: "" };
}

/** One control's value as the contract reads it: yes/no as a boolean, nothing as absent. */
function answerOf(field: TFormField, raw: unknown): TAnswer | undefined {
  if (field.kind === "yes_no") return raw === "yes" ? true : raw === "no" ? false : undefined;
  if (field.kind === "consent") return raw === true;
  if (field.kind === "multiple_choice") {
    return Array.isArray(raw) ? raw.map(String) : typeof raw === "string" && raw ? [raw] : [];
  }
  return typeof raw === "string" ? raw : undefined;
}

export function toAnswers(definition: TFormDefinition, values: Record<string, unknown>): TAnswers {
  const answers: TAnswers = {};
  for (const field of allFields(definition)) {
    const answer = answerOf(field, values[field.id]);
    if (answer !== undefined) answers[field.id] = answer;
  }
  return answers;
}

/**
 * The schema of one form: the contract's validator over the fields `checked()` names (the
 * current step's, or all on the last), each failure a message of `forms.validation` with
 * the rule's params, on `answers.<field id>`.
 */
export function publicFormSchema(
  definition: TFormDefinition,
  locale: TFormLocale,
  checked: () => ReadonlySet<string>,
) {
  return (t: Translator) =>
    z
      .object({ answers: z.record(z.string(), z.unknown()), [HONEYPOT_FIELD]: z.string() })
      .superRefine((values, ctx) =>
        addAnswerIssues(t, ctx, definition, locale, values.answers, checked()),
      );
}

/**
 * The contract's validator over a form's values (the fields in `checked`, else all), each
 * failure an issue on `answers.<field id>` with its rule's message: the public page and the
 * apply panel's questions share it.
 */
export function addAnswerIssues(
  t: Translator,
  ctx: z.RefinementCtx,
  definition: TFormDefinition,
  locale: TFormLocale,
  values: Record<string, unknown>,
  checked?: ReadonlySet<string>,
) {
  const answers = toAnswers(definition, values);
  const { errors } = validateAnswers(definition, answers, locale, checked);
  for (const [id, error] of Object.entries(errors)) {
    ctx.addIssue({ code: "custom", path: ["answers", id], message: ruleMessage(t, error) });
  }
}

/** A rule's message in the page's language; a literal key per rule, so the messages check
 *  sees every one, and a new rule without a message does not compile. */
export function ruleMessage(t: Translator, { key, params }: TFieldError): string {
  switch (key) {
    case "required":
      return t("forms.validation.required", params);
    case "invalid":
      return t("forms.validation.invalid", params);
    case "email":
      return t("forms.validation.email", params);
    case "phone":
      return t("forms.validation.phone", params);
    case "number":
      return t("forms.validation.number", params);
    case "date":
      return t("forms.validation.date", params);
    case "option":
      return t("forms.validation.option", params);
    case "minLength":
      return t("forms.validation.minLength", params);
    case "maxLength":
      return t("forms.validation.maxLength", params);
    case "min":
      return t("forms.validation.min", params);
    case "max":
      return t("forms.validation.max", params);
    case "minDate":
      return t("forms.validation.minDate", params);
    case "maxDate":
      return t("forms.validation.maxDate", params);
    case "minCount":
      return t("forms.validation.minCount", params);
    case "maxCount":
      return t("forms.validation.maxCount", params);
    default:
      key satisfies never;
      return t("validation.invalid", params);
  }
}

/**
 * A 422 on a question (`/data/attributes/answers/<id>`) in the visitor's words: the rule
 * the api names in `code`, with the params it sends in `meta` (the label in the language
 * the answers were sent in); the field's label when they are missing.
 */
export function answerRefusal(t: Translator, error: ApiErrorObject, label: string): string {
  const params = (error.meta?.params as TFieldError["params"] | undefined) ?? { field: label };
  return ruleMessage(t, { key: error.code as TFieldError["key"], params });
}

/**
 * Where the api's 422 pointers may land: every leaf of the form's values, and each question
 * as a whole (`answers.<id>`). A multiple choice's value is an array whose leaves
 * (`answers.tasks.0`) are its ticked boxes, while the api points at the question
 * (`/data/attributes/answers/tasks`), where the group shows its one message.
 */
export function answerFields(
  definition: TFormDefinition | null,
  values: Record<string, unknown>,
): Set<string> {
  const questions = definition ? inputFields(definition).map((f) => `answers.${f.id}`) : [];
  return new Set([...leafPaths(values), ...questions]);
}

/** The fields of a step, by id. */
export const stepFieldIds = (definition: TFormDefinition, step: number) =>
  new Set(definition.steps[step]?.fields.map((f) => f.id) ?? []);

export const labelOf = (field: TFormField, locale: string) => inLocale(field.label, locale);
