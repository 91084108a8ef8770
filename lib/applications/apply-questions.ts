import { z } from "zod";
import {
  allFields,
  inLocale,
  type TAnswers,
  type TFormDefinition,
  type TFormLocale,
  validateAnswers,
} from "@/lib/contract/forms";
import type { Translator } from "@/lib/i18n/translator";
import { addAnswerIssues, emptyValues, toAnswers } from "@/lib/public-forms/public-form-model";

/**
 * A vacancy's application questions in the apply panel (docs/forms.md): the form the
 * public vacancy carries as `application_form`, checked with the same validator and
 * messages as /forms/:token, sent as `answers` and `locale` with the application.
 */

/** GET /api/v1/vacancies/:id's `application_form`, camelCased by the api client. */
export type TApplicationForm = {
  formId: number;
  formVersionId: number;
  definition: TFormDefinition;
};

/** What POST /api/v1/applications takes beside the motivation when the vacancy asks. */
export type TApplicationAnswers = { answers: TAnswers; locale: TFormLocale };

const ZAnswerValues = z.record(z.string(), z.unknown());

/**
 * An apply form's schema with the vacancy's questions under `answers` (every shown field
 * checked; the panel shows them all at once). Without questions `answers` stays empty.
 */
export function withQuestions<T extends z.ZodRawShape>(
  base: (t: Translator) => z.ZodObject<T>,
  questions: TApplicationForm | null,
  locale: TFormLocale,
) {
  return (t: Translator) =>
    base(t)
      .extend({ answers: ZAnswerValues })
      .superRefine((values, ctx) => {
        if (!questions) return;
        // Generic over the base shape, TypeScript loses the extended key's type here.
        const answers = (values as { answers: Record<string, unknown> }).answers;
        addAnswerIssues(t, ctx, questions.definition, locale, answers);
      });
}

/** The answers to send: the shown questions' only, text trimmed; none without questions. */
export function answersToSend(
  questions: TApplicationForm | null,
  values: Record<string, unknown>,
  locale: TFormLocale,
): TApplicationAnswers | undefined {
  if (!questions) return undefined;
  const { definition } = questions;
  return {
    answers: validateAnswers(definition, toAnswers(definition, values), locale).clean,
    locale,
  };
}

/** The questions' empty values (text empty, nothing chosen); none without questions. */
export const emptyAnswers = (questions: TApplicationForm | null): Record<string, unknown> =>
  questions ? emptyValues(questions.definition).answers : {};

/** Each question's label by its form path, so the form's messages name the question. */
export const questionLabels = (
  questions: TApplicationForm | null,
  locale: TFormLocale,
): Record<string, string> =>
  Object.fromEntries(
    questions
      ? allFields(questions.definition).map((f) => [`answers.${f.id}`, inLocale(f.label, locale)])
      : [],
  );
