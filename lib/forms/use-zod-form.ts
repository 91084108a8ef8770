"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useMemo, useRef } from "react";
import { type FieldValues, type UseFormProps, useForm } from "react-hook-form";
import type { z } from "zod";
import type { Translator } from "@/lib/i18n/translator";

export type SchemaFactory<TSchema> = (t: Translator) => TSchema;

type ZodFormOptions<TSchema extends z.ZodType<FieldValues, FieldValues>> = Omit<
  UseFormProps<z.input<TSchema>, unknown, z.output<TSchema>>,
  "resolver" | "mode" | "reValidateMode" | "criteriaMode"
> & {
  /** Localized field names for the default message '{field} is not valid.' (spec §5). */
  fieldLabels?: Partial<Record<string, string>>;
};

/**
 * The generic form behaviour of spec §5 on react-hook-form + zod:
 * - validation runs on blur, not on input, and not on change either (decisions.md, Forms);
 * - validation stops at the first failing rule and a field shows one message
 *   (criteriaMode 'firstError'; the resolver keeps the first issue per field);
 * - messages follow the active locale: the schema factory gets the translator, and a rule
 *   without a message of its own says '{field} is not valid.'.
 *
 * Pass a module-level factory so the schema is built once per locale, not per render.
 */
export function useZodForm<TSchema extends z.ZodType<FieldValues, FieldValues>>(
  schemaFactory: SchemaFactory<TSchema>,
  { fieldLabels, ...options }: ZodFormOptions<TSchema> = {},
) {
  const t = useTranslations();
  // Labels are read when a message is built, so a new object each render costs no new resolver.
  const labels = useRef(fieldLabels);
  labels.current = fieldLabels;

  const resolver = useMemo(
    () =>
      zodResolver(schemaFactory(t), {
        error: (issue) => {
          const path = (issue.path ?? []).map(String).join(".");
          return t("validation.invalid", { field: labels.current?.[path] ?? path });
        },
      }),
    [schemaFactory, t],
  );

  return useForm<z.input<TSchema>, unknown, z.output<TSchema>>({
    ...options,
    resolver,
    mode: "onBlur", // spec §5: validation runs on blur
    reValidateMode: "onBlur", // …also after a failed submit: never on each keystroke
    criteriaMode: "firstError", // spec §5: only the first message per field
  });
}
