"use client";

import { useTranslations } from "next-intl";
import { z } from "zod";
import { RichTextFormField } from "@/components/rich-text/rich-text-form-field";
import { CheckboxGroup } from "@/components/ui/checkbox-group";
import { ChoiceGroup } from "@/components/ui/choice-group";
import { FormError } from "@/components/ui/form-error";
import { SelectField } from "@/components/ui/select-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { TextareaField } from "@/components/ui/textarea-field";
import { rules } from "@/lib/forms/rules";
import { useApiForm } from "@/lib/forms/use-api-form";
import type { Translator } from "@/lib/i18n/translator";

const KINDS = ["once", "weekly", "project"] as const;
const DAYS = ["monday", "wednesday", "saturday"] as const;
const REGIONS = ["north", "south"] as const;
/** The fields' labels, for the fields and for '{field} is not valid.'. */
const fieldLabelsOf = (t: Translator) => ({
  name: t("devPages.form.fields.name"),
  email: t("devPages.form.fields.email"),
  hours: t("devPages.form.fields.hours"),
  phone: t("devPages.form.fields.phone"),
  website: t("devPages.form.fields.website"),
  startsOn: t("devPages.form.fields.startsOn"),
  startsAt: t("devPages.form.fields.startsAt"),
  description: t("devPages.form.fields.description"),
  kind: t("devPages.form.fields.kind"),
  days: t("devPages.form.fields.days"),
  region: t("devPages.form.fields.region"),
  body: t("devPages.form.fields.body"),
});

/**
 * Every kind of field the product's forms have, with rules written the way real forms write
 * them (spec §5). Rules without a message of their own ('hours', 'website') fall back to
 * '{field} is not valid.'.
 */
const demoSchema = (t: Translator) => {
  const r = rules(t);
  const f = fieldLabelsOf(t);
  return z.object({
    name: r.required(f.name).pipe(z.string().max(40)),
    email: r.email(f.email),
    // Optional fields: empty passes, anything else must be right.
    hours: z.union([z.literal(""), z.coerce.number().int().min(1).max(40)]),
    phone: z
      .string()
      .trim()
      .regex(/^(\+?[0-9 -]{10,15})?$/),
    website: z.union([z.literal(""), z.url()]),
    startsOn: r.required(f.startsOn),
    startsAt: z.string(),
    description: z.string().max(500),
    kind: z.enum(KINDS, t("validation.required", { field: f.kind })),
    days: z.array(z.enum(DAYS)).min(1, t("validation.required", { field: f.days })),
    region: z.string().min(1, t("validation.required", { field: f.region })),
    body: z.string(),
  });
};

type TValues = z.output<ReturnType<typeof demoSchema>>;

/**
 * The form hook (useApiForm) on every field type, sending to nowhere: the "save" resolves at
 * once and the success toast says what would have been sent. /dev/form and /test/form.
 */
export function DemoForm() {
  const t = useTranslations("devPages.form");
  const fieldLabels = fieldLabelsOf(useTranslations());
  const kinds = { once: t("kinds.once"), weekly: t("kinds.weekly"), project: t("kinds.project") };
  const days = {
    monday: t("days.monday"),
    wednesday: t("days.wednesday"),
    saturday: t("days.saturday"),
  };
  const regions = { north: t("regions.north"), south: t("regions.south") };
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: demoSchema,
    defaultValues: {
      name: "",
      email: "",
      hours: "",
      phone: "",
      website: "",
      startsOn: "",
      startsAt: "",
      description: "",
      kind: undefined,
      days: [],
      region: "",
      body: "",
    },
    fieldLabels,
    // Nowhere: nothing is stored, so nothing to refresh either.
    submit: async (values: TValues) => values,
    invalidates: [],
    success: (values) => t("sent", { name: values.name }),
  });
  const { register, control } = form;
  return (
    <form {...formProps} className="flex flex-col gap-5">
      {failure ? <FormError title={failure.title}>{failure.description}</FormError> : null}
      <TextField label={fieldLabels.name} required error={message("name")} {...register("name")} />
      <TextField
        label={fieldLabels.email}
        type="email"
        autoComplete="email"
        required
        error={message("email")}
        {...register("email")}
      />
      <TextField
        label={fieldLabels.hours}
        type="number"
        inputMode="numeric"
        hint={t("hints.hours")}
        error={message("hours")}
        {...register("hours")}
      />
      <TextField
        label={fieldLabels.phone}
        type="tel"
        autoComplete="tel"
        error={message("phone")}
        {...register("phone")}
      />
      <TextField
        label={fieldLabels.website}
        type="url"
        hint={t("hints.website")}
        error={message("website")}
        {...register("website")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={fieldLabels.startsOn}
          type="date"
          required
          error={message("startsOn")}
          {...register("startsOn")}
        />
        <TextField
          label={fieldLabels.startsAt}
          type="time"
          error={message("startsAt")}
          {...register("startsAt")}
        />
      </div>
      <TextareaField
        label={fieldLabels.description}
        rows={3}
        error={message("description")}
        {...register("description")}
      />
      <ChoiceGroup
        legend={fieldLabels.kind}
        required
        options={KINDS.map((kind) => ({ value: kind, label: kinds[kind] }))}
        registration={register("kind")}
        error={message("kind")}
        columns={3}
      />
      <CheckboxGroup
        legend={fieldLabels.days}
        options={DAYS.map((day) => ({ value: day, label: days[day] }))}
        registration={register("days")}
        error={message("days")}
        columns={3}
      />
      <SelectField
        label={fieldLabels.region}
        required
        placeholder={t("choose")}
        options={REGIONS.map((region) => ({
          value: region,
          label: regions[region],
        }))}
        error={message("region")}
        {...register("region")}
      />
      <RichTextFormField
        control={control}
        name="body"
        label={fieldLabels.body}
        error={message("body")}
      />
      <div>
        <SubmitButton pending={pending} pendingLabel={t("sending")}>
          {t("submit")}
        </SubmitButton>
      </div>
    </form>
  );
}
