"use client";

import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useMemo } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { QueryGate } from "@/components/ui/query-gate";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/api";
import { userKeys } from "@/lib/api/query-keys";
import { alreadyAppliedId } from "@/lib/applications/application-api";
import { applicationKeys } from "@/lib/applications/application-keys";
import {
  applyContactSchema,
  applyWithContact,
  contactOf,
  type TContactUser,
} from "@/lib/applications/apply-contact";
import {
  answersToSend,
  emptyAnswers,
  questionLabels,
  withQuestions,
} from "@/lib/applications/apply-questions";
import { describeApplyRefusal } from "@/lib/applications/apply-refusal";
import { currentUserQuery } from "@/lib/auth/current-user-query";
import type { TFormLocale } from "@/lib/contract/forms";
import { USER_LIMITS } from "@/lib/contract/user";
import { useApiForm } from "@/lib/forms/use-api-form";
import { answerFields, answerRefusal } from "@/lib/public-forms/public-form-model";
import type { TApplyFormProps } from "./apply-form";
import { ApplyQuestions } from "./apply-questions";

type TField = "firstName" | "lastName" | "phone";

/**
 * The apply form where the tenant has volunteer profiles off (meedoen, spec §1): only name
 * and contact, no motivation. Filled in from the account (GET /api/v1/current_user); the
 * e-mail address is shown, not edited (it is the account's sign-in name and changes through
 * its own confirmed flow). Sending saves the name and phone on the account first, then
 * applies (lib/applications/apply-contact.ts).
 */
export function ApplyContactForm(props: TApplyFormProps) {
  const t = useTranslations("applications.apply");
  const query = useQuery(currentUserQuery());
  return (
    <QueryGate query={query} failed={t("contact.loadFailed")}>
      {(user) => <ContactForm {...props} user={contactOf(user)} />}
    </QueryGate>
  );
}

function ContactForm({
  vacancyId,
  questions,
  onApplied,
  onCancel,
  user,
}: TApplyFormProps & { user: TContactUser }) {
  const t = useTranslations();
  const labels: Record<TField, string> = {
    firstName: t("applications.apply.contact.firstName"),
    lastName: t("applications.apply.contact.lastName"),
    phone: t("applications.apply.contact.phone"),
  };
  const limits: Record<TField, number> = {
    firstName: USER_LIMITS.name,
    lastName: USER_LIMITS.name,
    phone: USER_LIMITS.phone,
  };
  const locale = (useLocale() === "en" ? "en" : "nl") satisfies TFormLocale;
  const schema = useMemo(
    () => withQuestions(applyContactSchema, questions, locale),
    [questions, locale],
  );
  const questionNames = useMemo(() => questionLabels(questions, locale), [questions, locale]);
  const { form, formProps, failure, message, pending, mutation } = useApiForm({
    schema,
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      answers: emptyAnswers(questions),
    },
    fieldLabels: { ...labels, ...questionNames },
    submit: (values) =>
      applyWithContact(api, vacancyId, values, answersToSend(questions, values.answers, locale)),
    // The account's name and phone changed as well as the applications.
    invalidates: [
      applicationKeys.forVacancy(vacancyId),
      applicationKeys.lists(),
      userKeys.current(),
    ],
    // The result is said in place (apply-body.tsx), where focus goes: no toast as well.
    onSuccess: (application) => onApplied(application),
    // The PATCH's 422s land on these fields; the api's words are for developers.
    fieldMessage: (field, error) => {
      if (field.startsWith("answers.")) {
        return answerRefusal(t, error, questionNames[field] ?? field);
      }
      const label = labels[field as TField] ?? field;
      if (error.code === "too_long")
        return t("applications.apply.contact.tooLong", {
          field: label,
          max: String(limits[field as TField] ?? ""),
        });
      if (error.code === "blank") return t("validation.required", { field: label });
      return field === "phone"
        ? t("applications.apply.contact.phoneInvalid")
        : t("validation.invalid", { field: label });
    },
    fields: (values) => answerFields(questions?.definition ?? null, values),
    describeFailure: (error) => describeApplyRefusal(t, error),
    failureTitle: t("applications.apply.failed"),
  });

  useEffect(() => form.setFocus("firstName"), [form]);

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
      <p className="text-sm text-neutral-800">{t("applications.apply.contact.intro")}</p>
      <TextField
        label={labels.firstName}
        autoComplete="given-name"
        required
        error={message("firstName")}
        {...form.register("firstName")}
      />
      <TextField
        label={labels.lastName}
        autoComplete="family-name"
        required
        error={message("lastName")}
        {...form.register("lastName")}
      />
      <TextField
        label={labels.phone}
        type="tel"
        autoComplete="tel"
        error={message("phone")}
        hint={t("applications.apply.contact.phoneHint")}
        {...form.register("phone")}
      />
      <dl className="flex flex-col gap-1">
        <dt className="font-medium">{t("applications.apply.contact.email")}</dt>
        <dd className="break-all">{user.email}</dd>
        <dd className="text-sm text-neutral-800">
          {t("applications.apply.contact.emailHint")}{" "}
          <a href="/profile-edit/email" className="inline-block py-1">
            {t("applications.apply.contact.changeEmail")}
          </a>
        </dd>
      </dl>
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
