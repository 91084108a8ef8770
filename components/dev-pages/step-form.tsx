"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { ChoiceGroup } from "@/components/ui/choice-group";
import { FormError } from "@/components/ui/form-error";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { rules } from "@/lib/forms/rules";
import { useApiForm } from "@/lib/forms/use-api-form";
import type { Translator } from "@/lib/i18n/translator";

const KINDS = ["person", "organisation"] as const;

const stepLabelsOf = (t: Translator) => ({
  name: t("devPages.stepForm.fields.name"),
  email: t("devPages.stepForm.fields.email"),
  hours: t("devPages.stepForm.fields.hours"),
  kind: t("devPages.stepForm.fields.kind"),
  organisation: t("devPages.stepForm.fields.organisation"),
});

const stepSchema = (t: Translator) => {
  const r = rules(t);
  const f = stepLabelsOf(t);
  return z
    .object({
      name: r.required(f.name),
      email: r.email(f.email),
      hours: z.coerce.number().int().min(1).max(40),
      kind: z.enum(KINDS),
      organisation: z.string(),
    })
    .superRefine((values, ctx) => {
      // Only asked for on the conditional step: required when that step is shown.
      if (values.kind === "organisation" && values.organisation.trim() === "") {
        ctx.addIssue({
          code: "custom",
          path: ["organisation"],
          message: t("validation.required", { field: f.organisation }),
        });
      }
    });
};

type TValues = z.output<ReturnType<typeof stepSchema>>;
type TStep = "person" | "kind" | "organisation" | "availability" | "summary";
type TField = keyof TValues;

const STEP_FIELDS: Record<TStep, TField[]> = {
  person: ["name", "email"],
  kind: ["kind"],
  organisation: ["organisation"],
  availability: ["hours"],
  summary: [],
};

/**
 * A form in steps on the form hook (useApiForm): "Next" validates only the step's fields
 * (spec §5's messages), "Back" keeps what was typed, the last step sends everything to
 * nowhere and a toast says so. `linear`: three fixed steps; `conditional`: the organisation
 * step is there only when the answer to "who signs up" asks for it. The new step's heading
 * takes focus, so a screen reader hears where it is.
 */
export function StepForm({ variant }: { variant: "linear" | "conditional" }) {
  const t = useTranslations("devPages.stepForm");
  const labels = stepLabelsOf(useTranslations());
  const kinds = { person: t("kinds.person"), organisation: t("kinds.organisation") };
  const stepTitles: Record<TStep, string> = {
    person: t("steps.person"),
    kind: t("steps.kind"),
    organisation: t("steps.organisation"),
    availability: t("steps.availability"),
    summary: t("steps.summary"),
  };
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: stepSchema,
    // The conditional variant does not ask for hours: a valid value stands in for them.
    defaultValues: {
      name: "",
      email: "",
      hours: variant === "linear" ? "" : "4",
      kind: "person",
      organisation: "",
    },
    fieldLabels: labels,
    submit: async (values: TValues) => values,
    invalidates: [],
    success: (values) => t("sent", { name: values.name }),
  });
  const kind = form.watch("kind");
  const steps: TStep[] =
    variant === "linear"
      ? ["person", "availability", "summary"]
      : [
          "person",
          "kind",
          ...(kind === "organisation" ? (["organisation"] as const) : []),
          "summary",
        ];
  const [index, setIndex] = useState(0);
  const step = steps[Math.min(index, steps.length - 1)];
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes, to move focus to its heading
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step]);
  const go = (next: number) => {
    moved.current = true;
    setIndex(next);
  };
  const next = async () => {
    if (await form.trigger(STEP_FIELDS[step])) go(index + 1);
  };
  const values = form.getValues();
  return (
    <form {...formProps} className="flex flex-col gap-5">
      <h2 ref={heading} tabIndex={-1} className="text-2xl font-bold text-neutral-900">
        {t("stepHeading", {
          n: index + 1,
          total: steps.length,
          title: stepTitles[step],
        })}
      </h2>
      {failure ? <FormError title={failure.title}>{failure.description}</FormError> : null}
      {step === "person" ? (
        <>
          <TextField
            label={labels.name}
            required
            error={message("name")}
            {...form.register("name")}
          />
          <TextField
            label={labels.email}
            type="email"
            required
            error={message("email")}
            {...form.register("email")}
          />
        </>
      ) : null}
      {step === "availability" ? (
        <TextField
          label={labels.hours}
          type="number"
          required
          hint={t("hoursHint")}
          error={message("hours")}
          {...form.register("hours")}
        />
      ) : null}
      {step === "kind" ? (
        <ChoiceGroup
          legend={labels.kind}
          options={KINDS.map((value) => ({ value, label: kinds[value] }))}
          registration={form.register("kind")}
          error={message("kind")}
        />
      ) : null}
      {step === "organisation" ? (
        <TextField
          label={labels.organisation}
          required
          error={message("organisation")}
          {...form.register("organisation")}
        />
      ) : null}
      {step === "summary" ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-neutral-900">
          <dt className="font-semibold">{labels.name}</dt>
          <dd>{values.name}</dd>
          <dt className="font-semibold">{labels.email}</dt>
          <dd>{values.email}</dd>
          {variant === "linear" ? (
            <>
              <dt className="font-semibold">{labels.hours}</dt>
              <dd>{String(values.hours)}</dd>
            </>
          ) : (
            <>
              <dt className="font-semibold">{labels.kind}</dt>
              <dd>{kinds[values.kind]}</dd>
            </>
          )}
          {variant === "conditional" && values.kind === "organisation" ? (
            <>
              <dt className="font-semibold">{labels.organisation}</dt>
              <dd>{values.organisation}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {index > 0 ? (
          <Button variant="outline" onClick={() => go(index - 1)}>
            {t("back")}
          </Button>
        ) : null}
        {step === "summary" ? (
          <SubmitButton pending={pending} pendingLabel={t("sending")}>
            {t("submit")}
          </SubmitButton>
        ) : (
          <Button onClick={next}>{t("next")}</Button>
        )}
      </div>
    </form>
  );
}
