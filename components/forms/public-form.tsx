"use client";

import { useLocale, useTranslations } from "next-intl";
import { useCallback, useMemo, useRef, useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { CheckboxGroup } from "@/components/ui/checkbox-group";
import { ChoiceGroup } from "@/components/ui/choice-group";
import { FormError } from "@/components/ui/form-error";
import { SelectField } from "@/components/ui/select-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { TextareaField } from "@/components/ui/textarea-field";
import { api } from "@/lib/api";
import {
  allFields,
  HONEYPOT_FIELD,
  inLocale,
  type TFormField,
  type TFormLocale,
  validateAnswers,
  visibleFieldIds,
} from "@/lib/contract/forms";
import { useApiForm } from "@/lib/forms/use-api-form";
import { sendSubmission } from "@/lib/public-forms/public-form-api";
import {
  answerFields,
  answerRefusal,
  emptyValues,
  publicFormSchema,
  stepFieldIds,
  type TPublicForm,
  toAnswers,
} from "@/lib/public-forms/public-form-model";

type Props = {
  form: TPublicForm;
  /**
   * The form builder's preview: steps, conditions and validation as on the real page, but
   * the last step says that nothing was sent where the page would send.
   */
  preview?: boolean;
};

/**
 * A published form filled in on /forms/:token (docs/forms.md): its steps one at a time (a
 * step checks its shown fields before the next), fields shown by their conditions, spec §5
 * validation on blur with the contract's rules, a honeypot no person sees, and the
 * confirmation in place of the form once it is sent.
 */
export function PublicForm({ form: publicForm, preview = false }: Props) {
  const t = useTranslations("forms");
  const tAll = useTranslations();
  const locale = (useLocale() === "en" ? "en" : "nl") satisfies TFormLocale;
  const { definition } = publicForm;
  const [step, setStep] = useState(0);
  const [sent, setSent] = useState(false);
  // The preview's last step passed the checks the real page makes before sending.
  const [previewed, setPreviewed] = useState(false);
  const last = step === definition.steps.length - 1;
  // Which fields the schema checks now: the current step's; on the last step every field,
  // so a submit never sends what an earlier step would refuse.
  const checked = useRef<ReadonlySet<string>>(stepFieldIds(definition, 0));
  checked.current = last
    ? new Set(allFields(definition).map((f) => f.id))
    : stepFieldIds(definition, step);
  const schema = useMemo(
    () => publicFormSchema(definition, locale, () => checked.current),
    [definition, locale],
  );
  const labels = useMemo(
    () =>
      Object.fromEntries(
        allFields(definition).map((f) => [`answers.${f.id}`, inLocale(f.label, locale)]),
      ),
    [definition, locale],
  );

  const { form, formProps, failure, message, pending } = useApiForm({
    schema,
    defaultValues: emptyValues(definition),
    fieldLabels: labels,
    submit: (values) =>
      sendSubmission(api, publicForm.token, {
        // What the api keeps: the shown questions' answers, nothing left empty or hidden.
        answers: validateAnswers(definition, toAnswers(definition, values.answers), locale).clean,
        locale,
        honeypot: values[HONEYPOT_FIELD],
      }),
    invalidates: [],
    onSuccess: () => setSent(true),
    fields: (values) => answerFields(definition, values),
    // The rule the api names, in the page's words, as the page's own check says it.
    fieldMessage: (field, error) => answerRefusal(tAll, error, labels[field] ?? field),
    failureTitle: t("public.failed"),
    reasons: { 429: t("public.tooMany") },
  });

  // The same validation as a real submit, then the preview's note in place of the api call.
  const checkOnly = form.handleSubmit(
    () => setPreviewed(true),
    () => setPreviewed(false),
  );

  const raw = form.watch("answers");
  const visible = visibleFieldIds(definition, toAnswers(definition, raw ?? {}));

  const next = useCallback(async () => {
    if (!(await form.trigger())) return;
    setStep((s) => s + 1);
    window.scrollTo({ top: 0 });
  }, [form]);

  if (sent) {
    return (
      <section aria-labelledby="form-sent" className="flex flex-col gap-3" role="status">
        <h2 id="form-sent" className="text-2xl font-bold text-neutral-900">
          {t("public.sentTitle")}
        </h2>
        <p className="text-neutral-800">{t("public.sentText", { title: publicForm.title })}</p>
      </section>
    );
  }

  const current = definition.steps[step];
  const stepTitle = inLocale(current.title, locale);
  return (
    <form
      {...formProps}
      onSubmit={preview ? checkOnly : formProps.onSubmit}
      className="flex flex-col gap-6"
      aria-describedby="form-progress"
    >
      <FormError title={failure?.title}>{failure?.description}</FormError>
      {definition.steps.length > 1 ? (
        <p id="form-progress" className="text-sm font-medium text-neutral-700">
          {t("public.progress", { step: step + 1, steps: definition.steps.length })}
        </p>
      ) : null}
      {stepTitle ? <h2 className="text-xl font-semibold text-neutral-900">{stepTitle}</h2> : null}
      {current.fields
        .filter((field) => visible.has(field.id))
        .map((field) => (
          <FormControl
            key={field.id}
            field={field}
            locale={locale}
            error={message(`answers.${field.id}`)}
            registration={form.register(`answers.${field.id}`)}
            t={t}
          />
        ))}
      {/* A field no person sees or reaches; a robot fills it in (the api then stores nothing). */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="form-website">{t("public.honeypot")}</label>
        <input
          id="form-website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          {...form.register(HONEYPOT_FIELD)}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        {step > 0 ? (
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setPreviewed(false);
              setStep((s) => s - 1);
            }}
          >
            {t("public.back")}
          </Button>
        ) : null}
        {last ? (
          <SubmitButton pending={pending} pendingLabel={t("public.sending")}>
            {t("public.send")}
          </SubmitButton>
        ) : (
          <Button type="button" onClick={() => void next()}>
            {t("public.next")}
          </Button>
        )}
      </div>
      {preview ? (
        <p role="status" className="font-medium text-neutral-900">
          {last && previewed ? tAll("formBuilder.preview.notSent") : ""}
        </p>
      ) : null}
    </form>
  );
}

export type TFormControlProps = {
  field: TFormField;
  locale: TFormLocale;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  t: ReturnType<typeof useTranslations<"forms">>;
};

/** One field as its kind asks: a text box, a list of choices, a box to tick, or text. */
export function FormControl({ field, locale, error, registration, t }: TFormControlProps) {
  const label = inLocale(field.label, locale);
  const hint = field.help ? inLocale(field.help, locale) : undefined;
  const options = (field.options ?? []).map((o) => ({
    value: o.value,
    label: inLocale(o.label, locale),
  }));
  const common = { label, hint, error, required: field.required };
  switch (field.kind) {
    case "heading":
      return <h3 className="text-lg font-semibold text-neutral-900">{label}</h3>;
    case "paragraph":
      return <p className="whitespace-pre-line text-neutral-800">{inLocale(field.text, locale)}</p>;
    case "long_text":
      return <TextareaField {...common} {...registration} />;
    case "single_choice":
      return (
        <ChoiceGroup
          legend={label}
          hint={hint}
          error={error}
          required={field.required}
          options={options}
          registration={registration}
          columns={1}
        />
      );
    case "yes_no":
      return (
        <ChoiceGroup
          legend={label}
          hint={hint}
          error={error}
          required={field.required}
          options={[
            { value: "yes", label: t("public.yes") },
            { value: "no", label: t("public.no") },
          ]}
          registration={registration}
        />
      );
    case "multiple_choice":
      return (
        <CheckboxGroup
          legend={label}
          hint={hint}
          error={error}
          options={options}
          registration={registration}
          columns={1}
        />
      );
    case "dropdown":
      return (
        <SelectField
          {...common}
          options={options}
          placeholder={t("public.choose")}
          {...registration}
        />
      );
    case "consent":
      return <ConsentBox label={label} hint={hint} error={error} registration={registration} />;
    default: {
      const type = { email: "email", phone: "tel", number: "text", date: "date" } as const;
      const inputType = type[field.kind as keyof typeof type] ?? "text";
      return (
        <TextField
          {...common}
          type={inputType}
          inputMode={field.kind === "number" ? "decimal" : undefined}
          autoComplete={
            field.kind === "email" ? "email" : field.kind === "phone" ? "tel" : undefined
          }
          {...registration}
        />
      );
    }
  }
}

function ConsentBox({
  label,
  hint,
  error,
  registration,
}: {
  label: string;
  hint?: string;
  error?: string;
  registration: UseFormRegisterReturn;
}) {
  const id = `consent-${registration.name.replace(/\W/g, "-")}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="flex flex-col gap-1">
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-neutral-700">
          {hint}
        </p>
      ) : null}
      <label
        htmlFor={id}
        className="flex min-h-11 cursor-pointer items-center gap-3 rounded-shape border-2 border-neutral-300 bg-white px-3 py-2 text-neutral-900 has-[:checked]:border-neutral-800"
      >
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className="size-5 shrink-0 accent-neutral-800"
          {...registration}
        />
        <span>{label}</span>
      </label>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
