"use client";

import { useLocale, useTranslations } from "next-intl";
import type { UseFormRegisterReturn } from "react-hook-form";
import { FormControl } from "@/components/forms/public-form";
import type { TApplicationForm } from "@/lib/applications/apply-questions";
import { inLocale, type TFormLocale, visibleFieldIds } from "@/lib/contract/forms";
import { toAnswers } from "@/lib/public-forms/public-form-model";

type Props = {
  questions: TApplicationForm;
  /** The form's current `answers` values (react-hook-form's watch). */
  values: Record<string, unknown> | undefined;
  register: (fieldId: string) => UseFormRegisterReturn;
  message: (path: string) => string | undefined;
};

/**
 * A vacancy's application questions inside an apply form, drawn by the same controls as
 * /forms/:token (docs/forms.md). The panel is narrow and the questions are few, so the
 * steps are not paged: every step follows the one before it, under its title, and the
 * whole is checked before sending. Conditions are evaluated on every change.
 */
export function ApplyQuestions({ questions, values, register, message }: Props) {
  const t = useTranslations("forms");
  const tApply = useTranslations("applications.apply");
  const locale = (useLocale() === "en" ? "en" : "nl") satisfies TFormLocale;
  const { definition } = questions;
  const visible = visibleFieldIds(definition, toAnswers(definition, values ?? {}));
  return (
    <section aria-labelledby="apply-questions" className="flex flex-col gap-4">
      <h3 id="apply-questions" className="text-lg font-semibold text-neutral-900">
        {tApply("questions")}
      </h3>
      {definition.steps.map((step) => {
        const title = inLocale(step.title, locale);
        return (
          <div key={step.id} className="flex flex-col gap-4">
            {title ? <h4 className="font-semibold text-neutral-900">{title}</h4> : null}
            {step.fields
              .filter((field) => visible.has(field.id))
              .map((field) => (
                <FormControl
                  key={field.id}
                  field={field}
                  locale={locale}
                  error={message(`answers.${field.id}`)}
                  registration={register(field.id)}
                  t={t}
                />
              ))}
          </div>
        );
      })}
    </section>
  );
}
