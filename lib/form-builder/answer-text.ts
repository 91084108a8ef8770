import {
  inLocale,
  inputFields,
  type TAnswer,
  type TFormDefinition,
  type TFormField,
} from "@/lib/contract/forms";

export type TAnswerRow = { id: string; label: string; text: string | null };

/**
 * A submission's answers as the reader reads them: each question of the version it was
 * filled in, in order, with its label and the answer in the reader's language (an option's
 * label instead of its value, yes or no for yes/no and consent). null: not answered (a
 * hidden or skipped question).
 */
export function answerRows(
  definition: TFormDefinition,
  answers: Record<string, TAnswer>,
  locale: string,
  words: { yes: string; no: string },
): TAnswerRow[] {
  return inputFields(definition).map((field) => ({
    id: field.id,
    label: inLocale(field.label, locale),
    text: answerText(field, answers[field.id], locale, words),
  }));
}

function answerText(
  field: TFormField,
  value: TAnswer | undefined,
  locale: string,
  words: { yes: string; no: string },
): string | null {
  if (value === undefined || value === null || value === "") return null;
  if (typeof value === "boolean") return value ? words.yes : words.no;
  const option = (v: string) => {
    const found = field.options?.find((o) => o.value === v);
    return found ? inLocale(found.label, locale) : v;
  };
  if (Array.isArray(value)) return value.length === 0 ? null : value.map(option).join(", ");
  if (field.options) return option(String(value));
  return String(value);
}
