"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextareaField } from "@/components/ui/textarea-field";
import { api } from "@/lib/api";
import { alreadyAppliedId, createApplication } from "@/lib/applications/application-api";
import { applicationKeys } from "@/lib/applications/application-keys";
import type { TApplication } from "@/lib/applications/application-types";
import { applySchema } from "@/lib/applications/apply-form";
import { describeApplyRefusal } from "@/lib/applications/apply-refusal";
import { APPLICATION_LIMITS } from "@/lib/contract/applications";
import { useApiForm } from "@/lib/forms/use-api-form";

export type TApplyFormProps = {
  vacancyId: string;
  onApplied: (application: TApplication) => void;
  onCancel: () => void;
};

/**
 * The apply form where the tenant has volunteer profiles: a motivation (at most
 * APPLICATION_LIMITS.motivation characters, may be empty), sent through useApiForm. Name and
 * contact details are not asked: they come from the account. Without profiles (meedoen) the
 * form asks for those instead (apply-contact-form.tsx; docs/applications-pages.md).
 */
export function ApplyForm({ vacancyId, onApplied, onCancel }: TApplyFormProps) {
  const t = useTranslations();
  const max = APPLICATION_LIMITS.motivation;
  const label = t("applications.apply.motivation");
  const { form, formProps, failure, message, pending, mutation } = useApiForm({
    schema: applySchema,
    defaultValues: { motivation: "" },
    fieldLabels: { motivation: label },
    submit: (values) => createApplication(api, vacancyId, values.motivation),
    invalidates: [applicationKeys.forVacancy(vacancyId), applicationKeys.lists()],
    // The result is said in place (apply-body.tsx), where focus goes: no toast as well.
    onSuccess: (application) => onApplied(application),
    fieldMessage: (_field, error) =>
      error.code === "too_long"
        ? t("applications.apply.tooLong", { max: String(max) })
        : t("applications.apply.invalid"),
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
