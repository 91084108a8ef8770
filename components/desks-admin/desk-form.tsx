"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { RichTextFormField } from "@/components/rich-text/rich-text-form-field";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { SelectField } from "@/components/ui/select-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/api";
import { deskKeys } from "@/lib/api/query-keys";
import { createDesk, type TManagedDesk, updateDesk } from "@/lib/desks/desk-admin";
import {
  deskFormDefaults,
  deskFormSchema,
  toDeskAttributes,
  welcomeAttributes,
} from "@/lib/desks/desk-form";
import { useApiForm } from "@/lib/forms/use-api-form";

type Props = {
  /** null: a new desk. */
  desk: TManagedDesk | null;
  /** The centres the user may put a desk in. */
  centres: readonly { id: string; name: string }[];
  onSaved: (desk: TManagedDesk) => void;
  onCancel?: () => void;
};

/**
 * Adds (POST /api/v1/meedoen/desks) or edits (PATCH …/:id) a desk. No geocoder: the api
 * takes the coordinates as given, and a desk without them is not on the active list
 * (docs/desks-admin.md). Editing, it also holds the welcome text, which POST does not take.
 */
export function DeskForm({ desk, centres, onSaved, onCancel }: Props) {
  const t = useTranslations("deskAdmin");
  const tw = useTranslations("myDesk.welcome");
  const headingId = useId();
  const only = centres.length === 1 ? centres[0].id : null;
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: deskFormSchema,
    defaultValues: deskFormDefaults(desk, only),
    fieldLabels: {
      azcName: t("form.azcName"),
      slug: t("form.slug"),
      volunteerCenterId: t("form.centre"),
      email: t("form.email"),
      phone: t("form.phone"),
      welcomeTitle: tw("titleField"),
      welcomeBody: tw("bodyField"),
      "address.street": t("form.street"),
      "address.houseNumber": t("form.houseNumber"),
      "address.postalCode": t("form.postalCode"),
      "address.city": t("form.city"),
      "address.latitude": t("form.latitude"),
      "address.longitude": t("form.longitude"),
    },
    submit: (values) =>
      desk
        ? updateDesk(api, desk.id, {
            ...toDeskAttributes(values, "update"),
            ...welcomeAttributes(values, desk.welcomeBody),
          })
        : createDesk(api, toDeskAttributes(values, "create")),
    // The back office's list and the public active list (the proxy's own copy is cached
    // briefly per tenant, lib/navigation/guard-data.ts).
    invalidates: [deskKeys.all],
    audited: false,
    success: (saved) =>
      desk
        ? t("toasts.saved", { name: saved.azcName })
        : t("toasts.added", { name: saved.azcName }),
    onSuccess: (saved) => onSaved(saved),
    failureTitle: desk ? t("form.saveFailed") : t("form.addFailed"),
  });

  return (
    <form {...formProps} aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="font-semibold text-xl">
        {desk ? t("form.editHeading", { name: desk.azcName }) : t("form.addHeading")}
      </h2>
      <FormError title={failure?.title}>{failure?.description}</FormError>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("form.azcName")}
          required
          maxLength={200}
          autoComplete="off"
          error={message("azcName")}
          {...form.register("azcName")}
        />
        <TextField
          label={t("form.slug")}
          hint={t("form.slugHint")}
          maxLength={80}
          autoComplete="off"
          error={message("slug")}
          {...form.register("slug")}
        />
      </div>
      <SelectField
        label={t("form.centre")}
        required
        placeholder={t("form.centrePlaceholder")}
        options={centres.map((c) => ({ value: c.id, label: c.name }))}
        error={message("volunteerCenterId")}
        {...form.register("volunteerCenterId")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("form.email")}
          type="email"
          autoComplete="off"
          error={message("email")}
          {...form.register("email")}
        />
        <TextField
          label={t("form.phone")}
          type="tel"
          autoComplete="off"
          maxLength={30}
          error={message("phone")}
          {...form.register("phone")}
        />
      </div>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 font-semibold text-lg">{t("form.address")}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("form.street")}
            autoComplete="off"
            error={message("address.street")}
            {...form.register("address.street")}
          />
          <TextField
            label={t("form.houseNumber")}
            autoComplete="off"
            error={message("address.houseNumber")}
            {...form.register("address.houseNumber")}
          />
          <TextField
            label={t("form.postalCode")}
            autoComplete="off"
            error={message("address.postalCode")}
            {...form.register("address.postalCode")}
          />
          <TextField
            label={t("form.city")}
            autoComplete="off"
            error={message("address.city")}
            {...form.register("address.city")}
          />
          <TextField
            label={t("form.latitude")}
            inputMode="decimal"
            autoComplete="off"
            hint={t("form.coordinatesHint")}
            error={message("address.latitude")}
            {...form.register("address.latitude")}
          />
          <TextField
            label={t("form.longitude")}
            inputMode="decimal"
            autoComplete="off"
            error={message("address.longitude")}
            {...form.register("address.longitude")}
          />
        </div>
      </fieldset>
      {desk ? (
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 font-semibold text-lg">{tw("heading")}</legend>
          <TextField
            label={tw("titleField")}
            maxLength={200}
            autoComplete="off"
            error={message("welcomeTitle")}
            {...form.register("welcomeTitle")}
          />
          <RichTextFormField
            control={form.control}
            name="welcomeBody"
            label={tw("bodyField")}
            hint={tw("bodyHint")}
            error={message("welcomeBody")}
          />
        </fieldset>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <SubmitButton pending={pending} pendingLabel={t("form.pending")}>
          {desk ? t("form.save") : t("form.add")}
        </SubmitButton>
        {onCancel ? (
          <Button variant="outline" onClick={onCancel}>
            {t("form.cancel")}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
