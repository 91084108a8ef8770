"use client";

import type { QueryKey } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  attendanceRefusal,
  checkAttendance,
  initialMinutes,
  markAttendance,
  type TAttendanceChoice,
  type TAttendee,
} from "@/lib/activity-registrations/attendees";
import { api } from "@/lib/api";
import { useApiMutation } from "@/lib/api/use-api-mutation";
import { REGISTRATION_LIMITS } from "@/lib/contract/activity-registrations";

type TError = "choose" | "minutesRequired" | "minutesRange" | "notStarted" | "notRegistered";

type Props = {
  person: TAttendee;
  /** The person's name as the row shows it, for the labels. */
  name: string;
  /** The activity's length in minutes; null when it has none (all day, no end). */
  length: number | null;
  /** What a saved attendance changes (the list, the counts). */
  invalidates: readonly QueryKey[];
};

/**
 * One person's attendance in the attendee list (docs/activity-attendees.md): came or not,
 * and the minutes given, prefilled with the activity's length. The form checks what the api
 * would refuse before sending; what the api refuses anyway is shown in the row, in words.
 */
export function AttendanceForm({ person, name, length, invalidates }: Props) {
  const t = useTranslations("activityAttendees.attendance");
  const id = useId();
  const initial: TAttendanceChoice | null =
    person.attended === null ? null : person.attended ? "came" : "absent";
  const [choice, setChoice] = useState<TAttendanceChoice | null>(initial);
  const [minutes, setMinutes] = useState(() => initialMinutes(person, length));
  const [error, setError] = useState<TError | null>(null);

  const save = useApiMutation({
    mutationFn: (value: { attended: boolean; minutes?: number }) =>
      markAttendance(api, person.id, value),
    invalidates,
    audited: false,
    success: () => t("saved", { name }),
    failure: () => t("failed", { name }),
    onSuccess: () => setError(null),
    onError: (failure) => {
      const refusal = attendanceRefusal(failure);
      if (!refusal) return undefined;
      setError(refusal);
      return "handled";
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const checked = checkAttendance(choice, minutes, length);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setError(null);
    save.mutate(
      checked.minutes === undefined
        ? { attended: checked.attended }
        : { attended: checked.attended, minutes: checked.minutes },
    );
  };

  const errorId = `${id}-error`;
  const minutesError = error === "minutesRequired" || error === "minutesRange";
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
      <fieldset
        className="flex flex-wrap gap-3"
        aria-describedby={error && !minutesError ? errorId : undefined}
      >
        <legend className="sr-only">{t("legend", { name })}</legend>
        {(["came", "absent"] as const).map((value) => (
          <label key={value} className="flex items-center gap-1 py-2">
            <input
              type="radio"
              name={`${id}-attended`}
              value={value}
              checked={choice === value}
              onChange={() => setChoice(value)}
              className="size-5"
            />
            {value === "came" ? t("came") : t("absent")}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-minutes`} className="text-sm font-medium">
          {t("minutes")}
          <span className="sr-only"> {name}</span>
        </label>
        <input
          id={`${id}-minutes`}
          type="number"
          inputMode="numeric"
          min={0}
          max={REGISTRATION_LIMITS.maxMinutes}
          step={1}
          value={minutes}
          disabled={choice === "absent"}
          aria-required={choice === "came" && length === null ? true : undefined}
          aria-invalid={minutesError || undefined}
          aria-describedby={minutesError ? errorId : undefined}
          onChange={(event) => setMinutes(event.target.value)}
          className={`w-24 rounded-shape border-2 bg-white px-2 py-1 disabled:bg-neutral-100 ${minutesError ? "border-danger-700" : "border-neutral-500"}`}
        />
      </div>
      <Button type="submit" size="sm" variant="outline" aria-disabled={save.isPending}>
        {save.isPending ? t("saving") : t("save")}
        <span className="sr-only"> {name}</span>
      </Button>
      {/* role=alert: the refusal is read out when it appears (WCAG 4.1.3). */}
      <p id={errorId} role="alert" className="w-full text-sm font-medium text-danger-700">
        {error ? errorText(t, error) : null}
      </p>
    </form>
  );
}

function errorText(
  t: ReturnType<typeof useTranslations<"activityAttendees.attendance">>,
  error: TError,
) {
  switch (error) {
    case "choose":
      return t("errors.choose");
    case "minutesRequired":
      return t("errors.minutesRequired");
    case "minutesRange":
      return t("errors.minutesRange", { max: REGISTRATION_LIMITS.maxMinutes });
    case "notStarted":
      return t("errors.notStarted");
    case "notRegistered":
      return t("errors.notRegistered");
    default:
      error satisfies never;
      return error;
  }
}
