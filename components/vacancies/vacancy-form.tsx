"use client";

import type { QueryKey } from "@tanstack/react-query";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useRef } from "react";
import { Controller } from "react-hook-form";
import { RichTextFormField } from "@/components/rich-text/rich-text-form-field";
import { ChoiceGroup } from "@/components/ui/choice-group";
import { FormError } from "@/components/ui/form-error";
import { FormSection } from "@/components/ui/form-section";
import { SelectField } from "@/components/ui/select-field";
import { SendButton } from "@/components/ui/send-button";
import { TextField } from "@/components/ui/text-field";
import { TextareaField } from "@/components/ui/textarea-field";
import { type TVacancyStatusName, VACANCY_LIMITS } from "@/lib/contract/vacancies";
import { useApiForm } from "@/lib/forms/use-api-form";
import { tagName } from "@/lib/tags/tag-name";
import type { TTag } from "@/lib/tags/tag-queries";
import type { TManagedVacancy } from "@/lib/vacancies/managed-vacancy-types";
import {
  isOrganizationNotApproved,
  type TVacancyDocument,
  type TVacancyFormValues,
  VACANCY_POINTER_FIELDS,
  vacancyApiMessage,
  vacancyDocument,
  vacancyFieldLabel,
  vacancyFormSchema,
} from "@/lib/vacancies/vacancy-form";

export type TSaveIntent = "save" | "submit";
export type TChoice = { value: string; label: string };

type Props = {
  /** The stored vacancy's id on the edit page; none when adding. */
  vacancyId?: string;
  defaultValues: TVacancyFormValues;
  /** The organisations to choose from when adding; a choice only when more than one. */
  organizations?: readonly TChoice[];
  /** The chosen organisation changed (its staff and its centre's review setting follow). */
  onOrganizationChange?: (organizationId: string) => void;
  tags: readonly TTag[];
  /** Who may be the contact person (staff of the vacancy's organisation). */
  contactPeople: readonly TChoice[];
  /** A note under the contact person, e.g. why the list is short. */
  contactHint?: string;
  /** The published forms applicants may be asked to fill in (docs/form-builder.md). */
  applicationForms?: readonly TChoice[];
  /** The step "submit" asks for (pending or published); null: no submit button. */
  submitStatus: TVacancyStatusName | null;
  /** Said where the submit button is while there is none (why it is missing). */
  submitNote?: string;
  /** The plain save's label: "save as draft" when adding, "save" when editing. */
  saveLabel: string;
  save: (document: TVacancyDocument) => Promise<TManagedVacancy>;
  invalidates: (saved: TManagedVacancy) => readonly QueryKey[];
  success: (saved: TManagedVacancy, intent: TSaveIntent) => string;
  failureTitle: string;
  onSaved?: (saved: TManagedVacancy, intent: TSaveIntent) => void | Promise<void>;
  cancelHref: string;
};

/**
 * The one vacancy form (/vacancies/add and /vacancies/:id/edit): spec §5 validation on
 * blur with the contract's rules, the api's 422 pointers on their fields (the place's
 * `unknown_place`, the contact person's `not_staff`, the tags' `not_found`), anything else
 * above the fields. Two ways to send it: save (a draft stays a draft) and submit, which
 * asks for the next status (pending where the centre reviews, else published).
 */
export function VacancyForm({
  vacancyId,
  defaultValues,
  organizations = [],
  onOrganizationChange,
  tags,
  contactPeople,
  contactHint,
  applicationForms = [],
  submitStatus,
  submitNote,
  saveLabel,
  save,
  invalidates,
  success,
  failureTitle,
  onSaved,
  cancelHref,
}: Props) {
  const t = useTranslations();
  const tf = useTranslations("vacancyForm");
  const tb = useTranslations("formBuilder.vacancy");
  const locale = useLocale();
  // Which button sent the form: read by `submit`, which gets only the values.
  const intent = useRef<TSaveIntent>("save");
  // What was last saved (the stored vacancy at first): a place is sent when it differs.
  const lastSaved = useRef<TVacancyFormValues>(defaultValues);
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: vacancyFormSchema,
    defaultValues,
    submit: (values) =>
      save(
        vacancyDocument(values, {
          id: vacancyId,
          initial: lastSaved.current,
          status: intent.current === "submit" && submitStatus ? submitStatus : undefined,
        }),
      ),
    invalidates,
    audited: true,
    success: (saved) => success(saved, intent.current),
    onSuccess: (saved, values) => {
      lastSaved.current = values;
      return onSaved?.(saved, intent.current);
    },
    fields: VACANCY_POINTER_FIELDS,
    pointerRoot: "/data",
    fieldMessage: (field, error) => vacancyApiMessage(t, field, error),
    checkFieldsTitle: tf("checkFields"),
    failureTitle,
    describeFailure: (error) =>
      isOrganizationNotApproved(error)
        ? { title: failureTitle, description: tf("organizationNotApproved") }
        : undefined,
  });
  const label = (field: string) => vacancyFieldLabel(t, field);
  const period = form.watch("period");
  const organizationId = form.watch("organizationId");
  const organizationChanged = useRef(onOrganizationChange);
  organizationChanged.current = onOrganizationChange;
  useEffect(() => {
    organizationChanged.current?.(organizationId);
  }, [organizationId]);

  const sendAs = (next: TSaveIntent) => () => {
    intent.current = next;
  };

  return (
    <form {...formProps} className="flex flex-col gap-8">
      <FormError title={failure?.title}>{failure?.description}</FormError>

      <FormSection legend={tf("sections.about")}>
        {vacancyId === undefined && organizations.length > 1 ? (
          <SelectField
            label={label("organizationId")}
            required
            placeholder={tf("choose")}
            options={organizations}
            error={message("organizationId")}
            {...form.register("organizationId")}
          />
        ) : null}
        <TextField
          label={label("title")}
          required
          maxLength={VACANCY_LIMITS.title}
          error={message("title")}
          {...form.register("title")}
        />
        <TextareaField
          label={label("summary")}
          hint={tf("hints.summary", { max: VACANCY_LIMITS.summary })}
          rows={3}
          error={message("summary")}
          {...form.register("summary")}
        />
        <RichTextFormField
          control={form.control}
          name="description"
          label={label("description")}
          hint={tf("hints.description")}
          error={message("description")}
        />
        <Controller
          control={form.control}
          name="tagIds"
          render={({ field }) => (
            <TagChoice
              legend={label("tagIds")}
              hint={tf("hints.tags", { max: VACANCY_LIMITS.tags })}
              error={message("tagIds")}
              options={tags.map((tag) => ({ value: String(tag.id), label: tagName(tag, locale) }))}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
      </FormSection>

      <FormSection legend={tf("sections.place")}>
        <label className="flex min-h-11 cursor-pointer items-center gap-3 font-medium text-neutral-900">
          <input
            type="checkbox"
            className="size-5 shrink-0 accent-neutral-800"
            {...form.register("remote")}
          />
          {label("remote")}
        </label>
        <p className="text-sm text-neutral-700">{tf("hints.place")}</p>
        <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
          <TextField
            label={label("postalCode")}
            autoComplete="postal-code"
            error={message("postalCode")}
            {...form.register("postalCode")}
          />
          <TextField
            label={label("city")}
            autoComplete="address-level2"
            error={message("city")}
            {...form.register("city")}
          />
        </div>
      </FormSection>

      <FormSection legend={tf("sections.time")}>
        <TextField
          label={label("hoursPerWeek")}
          hint={tf("hints.hoursPerWeek", { max: VACANCY_LIMITS.maxHoursPerWeek })}
          inputMode="numeric"
          className="max-w-48"
          error={message("hoursPerWeek")}
          {...form.register("hoursPerWeek")}
        />
        <ChoiceGroup
          legend={tf("fields.period")}
          options={[
            { value: "ongoing", label: tf("period.ongoing") },
            { value: "dates", label: tf("period.dates") },
          ]}
          registration={form.register("period")}
        />
        {period === "dates" ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              type="date"
              label={label("startsOn")}
              required
              error={message("startsOn")}
              {...form.register("startsOn")}
            />
            <TextField
              type="date"
              label={label("endsOn")}
              hint={tf("hints.endsOn")}
              error={message("endsOn")}
              {...form.register("endsOn")}
            />
          </div>
        ) : null}
        <TextField
          type="date"
          label={label("closesOn")}
          hint={tf("hints.closesOn")}
          className="max-w-64"
          error={message("closesOn")}
          {...form.register("closesOn")}
        />
      </FormSection>

      <FormSection legend={tf("sections.people")}>
        {/* Controlled: the people may arrive after the form, and the choice must show then. */}
        <Controller
          control={form.control}
          name="contactPersonId"
          render={({ field }) => (
            <SelectField
              label={label("contactPersonId")}
              hint={contactHint}
              placeholder={tf("nobody")}
              options={contactPeople}
              error={message("contactPersonId")}
              {...field}
            />
          )}
        />
        <TextField
          label={label("volunteersWanted")}
          hint={tf("hints.volunteersWanted", { max: VACANCY_LIMITS.maxVolunteersWanted })}
          inputMode="numeric"
          className="max-w-48"
          error={message("volunteersWanted")}
          {...form.register("volunteersWanted")}
        />
      </FormSection>

      <FormSection legend={tb("legend")}>
        {/* Controlled, like the contact person: the forms may arrive after the form. */}
        <Controller
          control={form.control}
          name="applicationFormId"
          render={({ field }) => (
            <SelectField
              label={label("applicationFormId")}
              hint={applicationForms.length > 0 ? tb("hint") : tb("none")}
              placeholder={tb("noForm")}
              options={withCurrent(applicationForms, field.value, tb("currentForm"))}
              error={message("applicationFormId")}
              {...field}
            />
          )}
        />
      </FormSection>

      <div className="flex flex-wrap items-center gap-4">
        {submitStatus ? (
          <SendButton
            pending={pending}
            busy={pending && intent.current === "submit"}
            onClick={sendAs("submit")}
            pendingLabel={tf("saving")}
          >
            {submitStatus === "pending" ? tf("actions.submitForReview") : tf("actions.publish")}
          </SendButton>
        ) : null}
        <SendButton
          pending={pending}
          busy={pending && intent.current === "save"}
          onClick={sendAs("save")}
          pendingLabel={tf("saving")}
          variant={submitStatus ? "outline" : "neutral"}
        >
          {saveLabel}
        </SendButton>
        <Link href={cancelHref} className="inline-flex min-h-11 items-center">
          {tf("cancel")}
        </Link>
      </div>
      {!submitStatus && submitNote ? <p className="text-neutral-700">{submitNote}</p> : null}
    </form>
  );
}

/** The themes as checkboxes, a controlled array of tag ids. */
function TagChoice({
  legend,
  hint,
  error,
  options,
  value,
  onChange,
  onBlur,
}: {
  legend: string;
  hint: string;
  error?: string;
  options: readonly TChoice[];
  value: string[];
  onChange: (next: string[]) => void;
  onBlur: () => void;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset
      aria-describedby={[hintId, errorId].filter(Boolean).join(" ")}
      className="flex flex-col gap-2"
    >
      <legend className="mb-1 font-semibold text-neutral-900">{legend}</legend>
      <p id={hintId} className="text-sm text-neutral-700">
        {hint}
      </p>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-shape border-2 border-neutral-300 bg-white px-3 py-2 text-neutral-900 has-[:checked]:border-neutral-800"
          >
            <input
              type="checkbox"
              value={option.value}
              checked={value.includes(option.value)}
              aria-invalid={error ? true : undefined}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...value, option.value]
                    : value.filter((v) => v !== option.value),
                )
              }
              onBlur={onBlur}
              className="size-5 shrink-0 accent-neutral-800"
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The choices with the stored one kept: a form closed since it was chosen, or one of the
 * centre the writer does not manage, stays chosen (and named so) until someone picks another.
 */
function withCurrent(
  choices: readonly TChoice[],
  current: string,
  currentLabel: string,
): TChoice[] {
  if (current === "" || choices.some((c) => c.value === current)) return [...choices];
  return [...choices, { value: current, label: currentLabel }];
}
