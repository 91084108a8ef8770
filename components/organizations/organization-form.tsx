"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { type ReactNode, useMemo, useState } from "react";
import { type FieldPath, get } from "react-hook-form";
import { FormError } from "@/components/ui/form-error";
import { SelectField } from "@/components/ui/select-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { TextareaField } from "@/components/ui/textarea-field";
import { refusalText } from "@/lib/api/use-api-mutation";
import { splitApiErrors } from "@/lib/forms/api-field-errors";
import { useSteadyMessages } from "@/lib/forms/use-steady-messages";
import { useZodForm } from "@/lib/forms/use-zod-form";
import { organizationTypeLabel } from "@/lib/i18n/labels";
import {
  organizationApiMessage,
  organizationAttributes,
  organizationFieldLabel,
  organizationFormFields,
  organizationFormSchema,
  type TOrganizationFormPart,
  type TOrganizationFormValues,
} from "@/lib/organizations/organization-form";
import type {
  TOrganizationAttributes,
  TOrganizationType,
  TVolunteerCentre,
} from "@/lib/organizations/organization-types";

type Props = {
  /** Which parts of the form this page shows (lib/organizations/organization-form.ts). */
  parts: readonly TOrganizationFormPart[];
  defaultValues: TOrganizationFormValues;
  /** The `kind` part: the types the user may add (a centre only for superadmins). */
  types?: readonly TOrganizationType[];
  /** The `kind` part: the centres the user may add to; a choice only when more than one. */
  centres?: readonly TVolunteerCentre[];
  submitLabel: string;
  pendingLabel: string;
  /** Saves; a rejection (ApiError) keeps everything typed and shows why. */
  onSubmit: (attributes: TOrganizationAttributes) => Promise<unknown>;
  /** Where "cancel" goes; no cancel link without it. */
  cancelHref?: string;
  /** Still busy after saving (the next page is on its way): the button keeps saying so. */
  busy?: boolean;
};

type TFailure = { title: string; description?: string };

/**
 * The one organisation form (issue 4: add, edit, the centre's own details on /instellingen):
 * spec §5 validation on blur with the api's rules, the api's 422 errors on the fields they
 * point at (`/data/attributes/address/postal_code` → the postal code), anything else
 * form-level. Nothing typed is lost when the api refuses.
 */
export function OrganizationForm({
  parts,
  defaultValues,
  types = [],
  centres = [],
  submitLabel,
  pendingLabel,
  onSubmit,
  cancelHref,
  busy = false,
}: Props) {
  const t = useTranslations();
  const tf = useTranslations("organizationForm");
  const fields = useMemo(() => organizationFormFields(parts), [parts]);
  const form = useZodForm(organizationFormSchema(parts), { defaultValues });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<TFailure | null>(null);
  const type = form.watch("type");
  const show = (part: TOrganizationFormPart) => parts.includes(part);
  const label = (field: string) => organizationFieldLabel(t, field);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(organizationAttributes(values, parts));
    } catch (error) {
      const split = splitApiErrors(error, fields);
      split.fields.forEach(({ field, code }, index) => {
        form.setError(
          field as FieldPath<TOrganizationFormValues>,
          { type: "server", message: organizationApiMessage(t, field, code) },
          { shouldFocus: index === 0 },
        );
      });
      setFailure(
        split.fields.length > 0 && split.rest.length === 0
          ? { title: tf("checkFields") }
          : { title: tf("saveFailed"), description: refusalText(t, error) },
      );
    }
  });

  // Messages hold still while a button is pressed (lib/forms/use-steady-messages.ts).
  const steady = useSteadyMessages(
    Object.fromEntries(
      [...fields].map((field) => [
        field,
        (get(errors, field) as { message?: string } | undefined)?.message,
      ]),
    ),
  );
  const err = (field: FieldPath<TOrganizationFormValues>) => steady.messages[field];

  const textField = (
    field: FieldPath<TOrganizationFormValues>,
    options: { type?: string; autoComplete?: string; required?: boolean } = {},
  ) => (
    <TextField
      label={label(field)}
      type={options.type ?? "text"}
      autoComplete={options.autoComplete}
      required={options.required}
      error={err(field)}
      {...form.register(field)}
    />
  );

  return (
    <form
      method="post"
      noValidate
      onSubmit={submit}
      onPointerDownCapture={steady.onPointerDownCapture}
      className="flex flex-col gap-8"
    >
      <FormError title={failure?.title}>{failure?.description}</FormError>

      {show("kind") || show("details") ? (
        <Section legend={tf("sections.details")}>
          {show("details")
            ? textField("name", { autoComplete: "organization", required: true })
            : null}
          {show("kind") ? (
            <SelectField
              label={label("type")}
              required
              options={types.map((value) => ({
                value,
                label: organizationTypeLabel(t, value),
              }))}
              error={err("type")}
              {...form.register("type")}
            />
          ) : null}
          {show("kind") && type !== "VolunteerCenter" && centres.length > 1 ? (
            <SelectField
              label={label("volunteerCenterId")}
              hint={tf("centreHint")}
              required
              options={centres.map((centre) => ({ value: centre.id, label: centre.name }))}
              error={err("volunteerCenterId")}
              {...form.register("volunteerCenterId")}
            />
          ) : null}
          {show("details") ? (
            <>
              {textField("email", { type: "email", autoComplete: "email" })}
              {textField("phone", { type: "tel", autoComplete: "tel" })}
              <TextField
                label={label("website")}
                type="url"
                autoComplete="url"
                hint={tf("websiteHint")}
                error={err("website")}
                {...form.register("website")}
              />
            </>
          ) : null}
        </Section>
      ) : null}

      {show("address") ? (
        <Section legend={tf("sections.address")}>
          <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
            {textField("address.street", { autoComplete: "address-line1" })}
            {textField("address.houseNumber")}
          </div>
          <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
            <TextField
              label={label("address.postalCode")}
              autoComplete="postal-code"
              hint={tf("postalCodeHint")}
              error={err("address.postalCode")}
              {...form.register("address.postalCode")}
            />
            {textField("address.city", { autoComplete: "address-level2" })}
          </div>
        </Section>
      ) : null}

      {show("profile") ? (
        <Section legend={tf("sections.profile")}>
          <TextareaField
            label={label("profile.description")}
            rows={6}
            error={err("profile.description")}
            {...form.register("profile.description")}
          />
          {textField("profile.contactName", { autoComplete: "name" })}
          {textField("profile.contactEmail", { type: "email", autoComplete: "email" })}
          {textField("profile.contactPhone", { type: "tel", autoComplete: "tel" })}
        </Section>
      ) : null}

      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton pending={isSubmitting || busy} pendingLabel={pendingLabel}>
          {submitLabel}
        </SubmitButton>
        {cancelHref ? (
          <Link href={cancelHref} className="inline-flex min-h-11 items-center">
            {tf("cancel")}
          </Link>
        ) : null}
      </div>
    </form>
  );
}

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-shape-lg border-2 border-neutral-300 bg-white p-5">
      <legend className="px-1 font-bold text-lg text-neutral-900">{legend}</legend>
      {children}
    </fieldset>
  );
}
