"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useMemo } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextareaField } from "@/components/ui/textarea-field";
import { api } from "@/lib/api";
import { alreadyAppliedId, createApplication } from "@/lib/applications/application-api";
import { applicationKeys } from "@/lib/applications/application-keys";
import type { TApplication } from "@/lib/applications/application-types";
import { applySchema } from "@/lib/applications/apply-form";
import {
  answersToSend,
  emptyAnswers,
  questionLabels,
  type TApplicationForm,
  withQuestions,
} from "@/lib/applications/apply-questions";
import { describeApplyRefusal } from "@/lib/applications/apply-refusal";
import { APPLICATION_LIMITS } from "@/lib/contract/applications";
import type { TFormLocale } from "@/lib/contract/forms";
import { useApiForm } from "@/lib/forms/use-api-form";
import { answerFields, answerRefusal } from "@/lib/public-forms/public-form-model";
import { ApplyQuestions } from "./apply-questions";

export type TApplyFormProps = {
  vacancyId: string;
  /** The vacancy's application questions, or null when it asks none. */
  questions: TApplicationForm | null;
  onApplied: (application: TApplication) => void;
  onCancel: () => void;
};

/**
 * The apply form where the tenant has volunteer profiles: a motivation (at most
 * APPLICATION_LIMITS.motivation characters, may be empty), sent through useApiForm. Name and
 * contact details are not asked: they come from the account. Without profiles (meedoen) the
 * form asks for those instead (apply-contact-form.tsx; docs/applications-pages.md).
 */
export function ApplyForm({ vacancyId, questions, onApplied, onCancel }: TApplyFormProps) {
  const t = useTranslations();
  const locale = (useLocale() === "en" ? "en" : "nl") satisfies TFormLocale;
  const max = APPLICATION_LIMITS.motivation;
  const label = t("applications.apply.motivation");
  const schema = useMemo(() => withQuestions(applySchema, questions, locale), [questions, locale]);
  const labels = useMemo<Record<string, string>>(
    () => ({ motivation: label, ...questionLabels(questions, locale) }),
    [label, questions, locale],
  );
  const { form, formProps, failure, message, pending, mutation } = useApiForm({
    schema,
    defaultValues: { motivation: "", answers: emptyAnswers(questions) },
    fieldLabels: labels,
    submit: (values) =>
      createApplication(
        api,
        vacancyId,
        values.motivation,
        answersToSend(questions, values.answers, locale),
      ),
    invalidates: [applicationKeys.forVacancy(vacancyId), applicationKeys.lists()],
    // The result is said in place (apply-body.tsx), where focus goes: no toast as well.
    onSuccess: (application) => onApplied(application),
    fieldMessage: (field, error) =>
      field.startsWith("answers.")
        ? answerRefusal(t, error, labels[field] ?? field)
        : error.code === "too_long"
          ? t("applications.apply.tooLong", { max: String(max) })
          : t("applications.apply.invalid"),
    fields: (values) => answerFields(questions?.definition ?? null, values),
    describeFailure: (error) => describeApplyRefusal(t, error),
    failureTitle: t("applications.apply.failed"),
  });

  useEffect(() => form.setFocus("motivation"), [form]);

  const length = (form.watch("motivation") ?? "").length;
  const existingId = alreadyAppliedId(mutation.error);
  return (
    <form
      {...formProps}
      aria-label={t("applications.apply.formLabel")}
      className="flex flex-col gap-4"
    >
      <FormError title={failure?.title}>
        {failure?.description}
        {existingId ? (
          <a href={`/applications/${existingId}`} className="inline-block py-1 font-medium">
            {t("applications.apply.view")}
          </a>
        ) : null}
      </FormError>
      <p className="text-sm text-neutral-800">{t("applications.apply.fromAccount")}</p>
      <TextareaField
        label={label}
        rows={8}
        error={message("motivation")}
        hint={t("applications.apply.counter", { count: length, max })}
        {...form.register("motivation")}
      />
      {questions ? (
        <ApplyQuestions
          questions={questions}
          values={form.watch("answers")}
          register={(id) => form.register(`answers.${id}`)}
          message={message}
        />
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pending={pending} pendingLabel={t("applications.apply.sending")}>
          {t("applications.apply.submit")}
        </SubmitButton>
        <Button variant="outline" onClick={onCancel}>
          {t("applications.apply.cancel")}
        </Button>
      </div>
    </form>
  );
}
