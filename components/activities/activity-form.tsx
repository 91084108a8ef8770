"use client";

import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { type ComponentProps, useId, useRef } from "react";
import { Controller } from "react-hook-form";
import { RichTextFormField } from "@/components/rich-text/rich-text-form-field";
import { ChoiceGroup } from "@/components/ui/choice-group";
import { FormError } from "@/components/ui/form-error";
import { FormSection } from "@/components/ui/form-section";
import { SelectField } from "@/components/ui/select-field";
import { SendButton } from "@/components/ui/send-button";
import { TextField } from "@/components/ui/text-field";
import { TextareaField } from "@/components/ui/textarea-field";
import {
  activityApiMessage,
  activityFieldLabel,
  activityFormSchema,
  activityPointerFields,
  seriesPreview,
  type TActivityFormValues,
} from "@/lib/activities/activity-form";
import type { TActivitySaved } from "@/lib/activities/activity-form-api";
import { managedActivityKeys } from "@/lib/activities/managed-activity-list";
import { ACTIVITY_LIMITS, SERIES_LIMITS } from "@/lib/contract/activities";
import { useApiForm } from "@/lib/forms/use-api-form";

export type TSaveIntent = "save" | "publish";
export type TChoice = { value: string; label: string };

type Props = {
  /** Adding (one activity or a series) or editing one that exists. */
  mode: "add" | "edit";
  defaultValues: TActivityFormValues;
  /** The desks to choose from; `noDesk` offers "no desk" (the centre's own). */
  desks: readonly TChoice[];
  noDesk: boolean;
  /** Editing an occurrence of a series: ask whether the later ones change too. */
  inSeries?: boolean;
  /** A publish button (a new activity, or a draft). */
  canPublish: boolean;
  /** The plain save's label: "save as draft" for a draft, "save" otherwise. */
  saveLabel: string;
  save: (values: TActivityFormValues, intent: TSaveIntent) => Promise<TActivitySaved>;
  failureTitle: string;
  onSaved: (saved: TActivitySaved) => void | Promise<void>;
  cancelHref: string;
};

/**
 * The one activity form (/activiteitenkalender/overzicht/nieuw and …/:id/bewerken,
 * docs/activity-form.md): the contract's rules on blur, the api's 422 pointers on their
 * fields, anything else above them; nothing typed is lost on a refusal. Two ways to send
 * it: save (a draft stays one) and publish (saved, then published).
 */
export function ActivityForm({
  mode,
  defaultValues,
  desks,
  noDesk,
  inSeries = false,
  canPublish,
  saveLabel,
  save,
  failureTitle,
  onSaved,
  cancelHref,
}: Props) {
  const t = useTranslations();
  const tf = useTranslations("activityForm");
  const intent = useRef<TSaveIntent>("save");
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: activityFormSchema,
    defaultValues,
    submit: (values) => save(values as TActivityFormValues, intent.current),
    invalidates: [managedActivityKeys.all],
    audited: true,
    success: (saved) => {
      if (saved.publishFailed) return tf("toasts.publishFailed", { title: saved.title });
      if (saved.published) {
        return tf("toasts.published", { title: saved.title, count: saved.count });
      }
      return mode === "add"
        ? tf("toasts.created", { title: saved.title, count: saved.count })
        : tf("toasts.saved", { title: saved.title, count: saved.count });
    },
    onSuccess: (saved) => onSaved(saved),
    fields: (values) => activityPointerFields(values as TActivityFormValues),
    pointerRoot: "/data",
    fieldMessage: (field, error) => activityApiMessage(t, field, error),
    checkFieldsTitle: tf("checkFields"),
    failureTitle,
  });
  const label = (field: string) => activityFieldLabel(t, field);
  const allDay = form.watch("allDay");
  const online = form.watch("online");
  const repeats = form.watch("repeats");
  const repeatEnd = form.watch("repeatEnd");

  const sendAs = (next: TSaveIntent) => () => {
    intent.current = next;
  };

  return (
    <form {...formProps} className="flex flex-col gap-8">
      <FormError title={failure?.title}>{failure?.description}</FormError>

      <FormSection legend={tf("sections.about")}>
        <TextField
          label={label("title")}
          required
          maxLength={ACTIVITY_LIMITS.title}
          error={message("title")}
          {...form.register("title")}
        />
        <TextareaField
          label={label("summary")}
          hint={tf("hints.summary", { max: ACTIVITY_LIMITS.summary })}
          rows={2}
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
        <TextField
          type="url"
          label={label("imageUrl")}
          hint={tf("hints.imageUrl")}
          error={message("imageUrl")}
          {...form.register("imageUrl")}
        />
        <Checkbox label={label("workshop")} {...form.register("workshop")} />
      </FormSection>

      <FormSection legend={tf("sections.when")}>
        {inSeries ? (
          <ChoiceGroup
            legend={tf("fields.scope")}
            hint={tf("hints.scope")}
            options={[
              { value: "this", label: tf("scope.this") },
              { value: "following", label: tf("scope.following") },
            ]}
            registration={form.register("scope")}
          />
        ) : null}
        <Checkbox label={label("allDay")} {...form.register("allDay")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            type="date"
            label={label("startDate")}
            required
            error={message("startDate")}
            {...form.register("startDate")}
          />
          {allDay ? null : (
            <TextField
              type="time"
              label={label("startTime")}
              required
              error={message("startTime")}
              {...form.register("startTime")}
            />
          )}
          <TextField
            type="date"
            label={label("endDate")}
            hint={tf("hints.endDate")}
            error={message("endDate")}
            {...form.register("endDate")}
          />
          {allDay ? null : (
            <TextField
              type="time"
              label={label("endTime")}
              hint={tf("hints.endTime")}
              error={message("endTime")}
              {...form.register("endTime")}
            />
          )}
        </div>
        {mode === "add" ? (
          <>
            <Checkbox label={tf("fields.repeats")} {...form.register("repeats")} />
            {repeats ? (
              <div className="flex flex-col gap-4 border-l-4 border-neutral-300 pl-4">
                <TextField
                  label={label("intervalWeeks")}
                  hint={tf("hints.intervalWeeks", { max: SERIES_LIMITS.maxIntervalWeeks })}
                  inputMode="numeric"
                  className="max-w-48"
                  error={message("intervalWeeks")}
                  {...form.register("intervalWeeks")}
                />
                <ChoiceGroup
                  legend={tf("fields.repeatEnd")}
                  options={[
                    { value: "until", label: tf("repeatEnd.until") },
                    { value: "count", label: tf("repeatEnd.count") },
                  ]}
                  registration={form.register("repeatEnd")}
                />
                {repeatEnd === "until" ? (
                  <TextField
                    type="date"
                    label={label("until")}
                    required
                    className="max-w-64"
                    error={message("until")}
                    {...form.register("until")}
                  />
                ) : (
                  <TextField
                    label={label("count")}
                    hint={tf("hints.count", { max: SERIES_LIMITS.maxOccurrences })}
                    required
                    inputMode="numeric"
                    className="max-w-48"
                    error={message("count")}
                    {...form.register("count")}
                  />
                )}
                <Controller
                  control={form.control}
                  name="exceptionDates"
                  render={({ field }) => (
                    <SeriesDates
                      values={form.watch() as TActivityFormValues}
                      error={message("exceptionDates")}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                    />
                  )}
                />
              </div>
            ) : null}
          </>
        ) : null}
      </FormSection>

      <FormSection legend={tf("sections.where")}>
        <SelectField
          label={label("deskId")}
          hint={tf("hints.desk")}
          required={!noDesk}
          placeholder={noDesk ? tf("noDesk") : tf("choose")}
          options={desks}
          error={message("deskId")}
          {...form.register("deskId")}
        />
        <Checkbox label={label("online")} {...form.register("online")} />
        {online ? null : (
          <>
            <p className="text-sm text-neutral-700">{tf("hints.place")}</p>
            <TextField
              label={label("locationName")}
              error={message("locationName")}
              {...form.register("locationName")}
            />
            <TextField
              label={label("street")}
              autoComplete="street-address"
              error={message("street")}
              {...form.register("street")}
            />
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
          </>
        )}
      </FormSection>

      <FormSection legend={tf("sections.signUp")}>
        <TextField
          label={label("capacity")}
          hint={tf("hints.capacity", { max: ACTIVITY_LIMITS.maxCapacity })}
          inputMode="numeric"
          className="max-w-48"
          error={message("capacity")}
          {...form.register("capacity")}
        />
        <TextField
          label={label("registrationUrl")}
          hint={tf("hints.registrationUrl")}
          error={message("registrationUrl")}
          {...form.register("registrationUrl")}
        />
      </FormSection>

      <div className="flex flex-wrap items-center gap-4">
        {canPublish ? (
          <SendButton
            pending={pending}
            busy={pending && intent.current === "publish"}
            onClick={sendAs("publish")}
            pendingLabel={tf("saving")}
          >
            {tf("actions.publish")}
          </SendButton>
        ) : null}
        <SendButton
          pending={pending}
          busy={pending && intent.current === "save"}
          onClick={sendAs("save")}
          pendingLabel={tf("saving")}
          variant={canPublish ? "outline" : "neutral"}
        >
          {saveLabel}
        </SendButton>
        <Link href={cancelHref} className="inline-flex min-h-11 items-center">
          {tf("cancel")}
        </Link>
      </div>
    </form>
  );
}

/**
 * The dates the series' rule yields, each a checkbox: ticked it takes place, unticked it is
 * an exception. The same dates the api will make (lib/contract/activity-recurrence.ts).
 */
function SeriesDates({
  values,
  error,
  onChange,
  onBlur,
}: {
  values: TActivityFormValues;
  error?: string;
  onChange: (next: string[]) => void;
  onBlur: () => void;
}) {
  const tf = useTranslations("activityForm");
  const format = useFormatter();
  const id = useId();
  const dates = seriesPreview(values);
  const hintId = `${id}-hint`;
  const errorId = error ? `${id}-error` : undefined;
  const taking = dates?.filter((d) => !d.skipped).length ?? 0;
  return (
    <fieldset
      aria-describedby={[hintId, errorId].filter(Boolean).join(" ")}
      className="flex flex-col gap-2"
    >
      <legend className="mb-1 font-semibold text-neutral-900">{tf("fields.exceptionDates")}</legend>
      <p id={hintId} className="text-sm text-neutral-700">
        {dates === null
          ? tf("preview.incomplete", { max: SERIES_LIMITS.maxOccurrences })
          : tf("preview.summary", { count: taking })}
      </p>
      {dates ? (
        <ul className="grid max-h-80 grid-cols-1 gap-2 overflow-y-auto sm:grid-cols-2 lg:grid-cols-3">
          {dates.map((day) => (
            <li key={day.date}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-shape border-2 border-neutral-300 bg-white px-3 py-2 text-neutral-900 has-[:checked]:border-neutral-800">
                <input
                  type="checkbox"
                  checked={!day.skipped}
                  aria-invalid={error ? true : undefined}
                  onChange={(event) =>
                    onChange(
                      event.target.checked
                        ? values.exceptionDates.filter((d) => d !== day.date)
                        : [...values.exceptionDates, day.date],
                    )
                  }
                  onBlur={onBlur}
                  className="size-5 shrink-0 accent-neutral-800"
                />
                <time dateTime={day.date}>
                  {format.dateTime(day.startsAt, {
                    weekday: "short",
                    day: "numeric",
                    month: "short",
                    year: "numeric",
                  })}
                </time>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function Checkbox({ label, ...input }: { label: string } & ComponentProps<"input">) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 font-medium text-neutral-900">
      <input type="checkbox" className="size-5 shrink-0 accent-neutral-800" {...input} />
      {label}
    </label>
  );
}
