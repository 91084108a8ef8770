"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { FormProvider, useFieldArray, useFormContext } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormError } from "@/components/ui/form-error";
import { FormSection } from "@/components/ui/form-section";
import { Notice } from "@/components/ui/notice";
import { SelectField } from "@/components/ui/select-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/api";
import { FORM_LIMITS } from "@/lib/contract/forms";
import {
  builderDefaults,
  builderSchema,
  issueMessage,
  newStep,
  type TBuilderValues,
  toAttributes,
} from "@/lib/form-builder/builder-form";
import { createForm, type TManagedForm, updateForm } from "@/lib/form-builder/form-builder-api";
import { formBuilderKeys } from "@/lib/form-builder/form-builder-keys";
import { defaultFieldMessage, useApiForm } from "@/lib/forms/use-api-form";
import { FieldsEditor } from "./fields-editor";

type TMessage = (path: string) => string | undefined;

type Props = {
  /** null: a new form. */
  record: TManagedForm | null;
  /** Who a new form may belong to: a choice when there is more than one. */
  owners: readonly { value: string; label: string }[];
  onSaved: (saved: TManagedForm) => void | Promise<void>;
};

/**
 * Adds (POST /api/v1/forms) or edits (PATCH /api/v1/forms/:id) a form: its title, owner and
 * settings, its steps and their fields. The definition is checked with the contract's own
 * schema before anything is sent; the api's 422 pointers land on the inputs they name. A
 * form with submissions asks first: saving makes a new version.
 */
export function FormBuilderForm({ record, owners, onSaved }: Props) {
  const t = useTranslations("formBuilder.builder");
  const tAll = useTranslations();
  const hasSubmissions = (record?.submissionCount ?? 0) > 0;
  const fieldLabels = {
    title: t("title"),
    organizationId: t("owner"),
    retentionDays: t("retentionDays"),
  };
  const defaultText = defaultFieldMessage(tAll, fieldLabels);
  const { form, formProps, failure, message, pending, confirmation } = useApiForm({
    schema: builderSchema,
    defaultValues: builderDefaults(record, owners[0]?.value ?? ""),
    fieldLabels,
    fieldMessage: (field, error) =>
      field.startsWith("definition.")
        ? issueMessage(tAll, {
            path: field.split(".").slice(1),
            code: error.code ?? "",
            message: error.detail ?? "",
            params: { code: error.code },
          })
        : defaultText(field, error),
    submit: (values) => {
      const attributes = toAttributes(values);
      if (!record) return createForm(api, attributes);
      const { organization_id: _owner, ...changes } = attributes;
      return updateForm(api, record.id, changes);
    },
    invalidates: record
      ? [formBuilderKeys.detail(record.id), formBuilderKeys.lists()]
      : [formBuilderKeys.lists()],
    audited: true,
    success: (saved) => t("saved", { title: saved.title }),
    onSuccess: (saved) => onSaved(saved),
    failureTitle: record ? t("saveFailed") : t("addFailed"),
    confirmFirst: hasSubmissions,
  });
  const stepsProblem = message("definition.steps");

  return (
    <FormProvider {...form}>
      <form {...formProps} className="flex flex-col gap-8">
        <FormError title={failure?.title}>{failure?.description}</FormError>
        {hasSubmissions ? (
          <Notice>{t("newVersionNotice", { count: record?.submissionCount ?? 0 })}</Notice>
        ) : null}

        <FormSection legend={t("sections.general")}>
          <TextField
            label={t("title")}
            required
            maxLength={FORM_LIMITS.title}
            autoComplete="off"
            error={message("title")}
            {...form.register("title")}
          />
          {!record && owners.length > 1 ? (
            <SelectField
              label={t("owner")}
              hint={t("ownerHint")}
              options={[...owners]}
              error={message("organizationId")}
              {...form.register("organizationId")}
            />
          ) : null}
        </FormSection>

        <FormSection legend={t("sections.settings")}>
          <label className="flex min-h-11 items-center gap-3 text-neutral-900">
            <input
              type="checkbox"
              className="size-5 accent-neutral-800"
              {...form.register("requiresSignIn")}
            />
            {t("requiresSignIn")}
          </label>
          <label className="flex min-h-11 items-center gap-3 text-neutral-900">
            <input
              type="checkbox"
              className="size-5 accent-neutral-800"
              {...form.register("confirmationMail")}
            />
            {t("confirmationMail")}
          </label>
          <TextField
            label={t("retentionDays")}
            hint={t("retentionHint", {
              min: FORM_LIMITS.retentionDays.min,
              max: FORM_LIMITS.retentionDays.max,
            })}
            inputMode="numeric"
            autoComplete="off"
            className="max-w-xs"
            error={message("retentionDays")}
            {...form.register("retentionDays")}
          />
        </FormSection>

        <StepsEditor message={message} />
        {stepsProblem ? (
          <p role="alert" className="font-medium text-danger-700">
            {stepsProblem}
          </p>
        ) : null}

        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton pending={pending} pendingLabel={t("saving")}>
            {record ? t("save") : t("add")}
          </SubmitButton>
          <Link
            href={record ? `/form_builder/${record.id}` : "/form_builder"}
            className="inline-flex min-h-11 items-center"
          >
            {t("cancel")}
          </Link>
        </div>
      </form>
      <ConfirmDialog
        open={confirmation.values !== null}
        title={t("confirmVersionTitle")}
        confirmLabel={t("confirmVersion")}
        tone="neutral"
        pending={pending}
        pendingLabel={t("saving")}
        onConfirm={() => void confirmation.confirm()}
        onCancel={confirmation.cancel}
      >
        <p>{t("confirmVersionBody", { count: record?.submissionCount ?? 0 })}</p>
      </ConfirmDialog>
    </FormProvider>
  );
}

/** The form's steps: add, name in both languages, remove (not the last), reorder. */
function StepsEditor({ message }: { message: TMessage }) {
  const t = useTranslations("formBuilder.builder");
  const { control, register, getValues } = useFormContext<TBuilderValues>();
  const steps = useFieldArray({ control, name: "definition.steps" });
  const count = steps.fields.length;
  return (
    <div className="flex flex-col gap-6">
      {steps.fields.map((step, index) => {
        const base = `definition.steps.${index}` as const;
        const stepName = t("stepName", { position: index + 1 });
        return (
          <FormSection key={step.id} legend={stepName}>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label={`${t("stepTitle")} (${t("nl")})`}
                hint={count > 1 ? undefined : t("stepTitleHint")}
                maxLength={FORM_LIMITS.label}
                autoComplete="off"
                error={message(`${base}.title.nl`)}
                {...register(`${base}.title.nl`)}
              />
              <TextField
                label={`${t("stepTitle")} (${t("en")})`}
                maxLength={FORM_LIMITS.label}
                autoComplete="off"
                error={message(`${base}.title.en`)}
                {...register(`${base}.title.en`)}
              />
            </div>
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="outline"
                aria-disabled={index === 0 || undefined}
                onClick={() => index > 0 && steps.move(index, index - 1)}
              >
                {t("stepUp")}
                <span className="sr-only"> {stepName}</span>
              </Button>
              <Button
                size="sm"
                variant="outline"
                aria-disabled={index === count - 1 || undefined}
                onClick={() => index < count - 1 && steps.move(index, index + 1)}
              >
                {t("stepDown")}
                <span className="sr-only"> {stepName}</span>
              </Button>
              {count > 1 ? (
                <Button size="sm" variant="outline" onClick={() => steps.remove(index)}>
                  {t("removeStep")}
                  <span className="sr-only"> {stepName}</span>
                </Button>
              ) : null}
            </div>
            <FieldsEditor stepIndex={index} message={message} />
          </FormSection>
        );
      })}
      {count < FORM_LIMITS.steps ? (
        <div>
          <Button
            variant="outline"
            onClick={() =>
              steps.append(newStep(getValues("definition.steps")), {
                focusName: `definition.steps.${count}.title.nl`,
              })
            }
          >
            {t("addStep")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
