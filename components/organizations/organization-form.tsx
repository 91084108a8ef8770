"use client";

import type { QueryKey } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { type ReactNode, useMemo } from "react";
import type { FieldPath } from "react-hook-form";
import { FormError } from "@/components/ui/form-error";
import { SelectField } from "@/components/ui/select-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { TextareaField } from "@/components/ui/textarea-field";
import { useApiForm } from "@/lib/forms/use-api-form";
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
  TOrganizationRecord,
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
  save: (attributes: TOrganizationAttributes) => Promise<TOrganizationRecord>;
  /** The query keys the saved organization is shown by (organizationChangeKeys). */
  invalidates: (saved: TOrganizationRecord) => readonly QueryKey[];
  /** The success toast's title. */
  success: (saved: TOrganizationRecord) => string;
  /** The form-level title when the api refused. */
  failureTitle: string;
  /** After the toast: the next page, a refresh of the public site … */
  onSaved?: (saved: TOrganizationRecord) => void | Promise<void>;
  /** Where "cancel" goes; no cancel link without it. */
  cancelHref?: string;
  /** Still busy after saving (the next page is on its way): the button keeps saying so. */
  busy?: boolean;
};

/**
 * The one organisation form (add, edit, the centre's own details on /instellingen):
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
  save,
  invalidates,
  success,
  failureTitle,
  onSaved,
  cancelHref,
  busy = false,
}: Props) {
  const t = useTranslations();
  const tf = useTranslations("organizationForm");
  const fields = useMemo(() => organizationFormFields(parts), [parts]);
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: organizationFormSchema(parts),
    defaultValues,
    submit: (values) => save(organizationAttributes(values, parts)),
    invalidates,
    audited: true,
    success,
    onSuccess: onSaved,
    fields,
    fieldMessage: (field, error) => organizationApiMessage(t, field, error.code),
    checkFieldsTitle: tf("checkFields"),
    failureTitle,
  });
  const type = form.watch("type");
  const show = (part: TOrganizationFormPart) => parts.includes(part);
  const label = (field: string) => organizationFieldLabel(t, field);
  const err = (field: FieldPath<TOrganizationFormValues>) => message(field);

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
    <form {...formProps} className="flex flex-col gap-8">
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
        <SubmitButton pending={pending || busy} pendingLabel={pendingLabel}>
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
