"use client";

import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { type ReactNode, useState } from "react";
import { SelectField } from "@/components/ui/select-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { TextareaField } from "@/components/ui/textarea-field";
import { api } from "@/lib/api";
import { SIGNUP_ORGANIZATION_TYPES } from "@/lib/contract/organization";
import { minPasswordLength } from "@/lib/forms/rules";
import { useApiForm } from "@/lib/forms/use-api-form";
import { organizationTypeLabel } from "@/lib/i18n/labels";
import { rememberPendingAddress } from "@/lib/signup/pending-address";
import { registerOrganization, type TLocale } from "@/lib/signup/signup-api";
import { organizationSignUpSchema } from "@/lib/signup/signup-schemas";
import { signupFailure } from "./field-problem-text";
import { SubmitFailureAlert } from "./submit-failure-alert";

const EMPTY = {
  organization: {
    name: "",
    type: "",
    email: "",
    phone: "",
    website: "",
    description: "",
    address: { street: "", houseNumber: "", postalCode: "", city: "" },
  },
  user: { firstName: "", lastName: "", email: "", password: "", passwordConfirmation: "" },
};

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-5">
      <legend className="mb-4 text-xl font-semibold text-neutral-900">{legend}</legend>
      {children}
    </fieldset>
  );
}

/**
 * /organizations/signup: a school or organisation and the person who becomes its first
 * admin (POST /api/v1/organization_registrations). The api's 422 pointers
 * (`/data/attributes/organization/address/postal_code`, `/data/attributes/user/email`, …)
 * land on these fields. Posts (no password in a URL) if submitted before hydration.
 */
export function OrganizationSignupForm() {
  const t = useTranslations();
  const locale = useLocale() as TLocale;
  const router = useRouter();
  const [leaving, setLeaving] = useState(false);
  const labels = {
    "organization.name": t("organizationSignup.organization.name"),
    "organization.type": t("organizationSignup.organization.type"),
    "organization.email": t("organizationSignup.organization.email"),
    "organization.phone": t("organizationSignup.organization.phone"),
    "organization.website": t("organizationSignup.organization.website"),
    "organization.description": t("organizationSignup.organization.description"),
    "organization.address.street": t("organizationSignup.address.street"),
    "organization.address.houseNumber": t("organizationSignup.address.houseNumber"),
    "organization.address.postalCode": t("organizationSignup.address.postalCode"),
    "organization.address.city": t("organizationSignup.address.city"),
    "user.firstName": t("signup.fields.firstName"),
    "user.lastName": t("signup.fields.lastName"),
    "user.email": t("organizationSignup.user.email"),
    "user.password": t("signup.fields.password"),
    "user.passwordConfirmation": t("signup.fields.passwordConfirmation"),
  };
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: organizationSignUpSchema,
    defaultValues: EMPTY,
    fieldLabels: labels,
    submit: (values) => registerOrganization(api, values, locale),
    // A pending organization and its admin change nothing this browser has loaded.
    invalidates: [],
    onSuccess: (_result, values) => {
      rememberPendingAddress("organization", values.user.email);
      setLeaving(true);
      router.push("/organizations/signup/success");
    },
    describeFailure: signupFailure(t, "user.email"),
  });

  return (
    <form {...formProps} className="flex flex-col gap-8">
      <SubmitFailureAlert failure={failure} />
      <p className="text-neutral-800">{t("organizationSignup.optionalNote")}</p>

      <Fieldset legend={t("organizationSignup.organization.legend")}>
        <TextField
          label={labels["organization.name"]}
          autoComplete="organization"
          required
          error={message("organization.name")}
          {...form.register("organization.name")}
        />
        <SelectField
          label={labels["organization.type"]}
          required
          placeholder={t("organizationSignup.organization.typePlaceholder")}
          options={SIGNUP_ORGANIZATION_TYPES.map((type) => ({
            value: type,
            label: organizationTypeLabel(t, type),
          }))}
          error={message("organization.type")}
          {...form.register("organization.type")}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={labels["organization.email"]}
            type="email"
            autoComplete="off"
            hint={t("organizationSignup.optional")}
            error={message("organization.email")}
            {...form.register("organization.email")}
          />
          <TextField
            label={labels["organization.phone"]}
            type="tel"
            autoComplete="off"
            hint={t("organizationSignup.optional")}
            error={message("organization.phone")}
            {...form.register("organization.phone")}
          />
        </div>
        <TextField
          label={labels["organization.website"]}
          type="url"
          autoComplete="url"
          hint={t("organizationSignup.organization.websiteHint")}
          error={message("organization.website")}
          {...form.register("organization.website")}
        />
        <TextareaField
          label={labels["organization.description"]}
          hint={t("organizationSignup.organization.descriptionHint")}
          error={message("organization.description")}
          {...form.register("organization.description")}
        />
        <Fieldset legend={t("organizationSignup.address.legend")}>
          <div className="grid gap-5 sm:grid-cols-[2fr_1fr]">
            <TextField
              label={labels["organization.address.street"]}
              required
              error={message("organization.address.street")}
              {...form.register("organization.address.street")}
            />
            <TextField
              label={labels["organization.address.houseNumber"]}
              required
              error={message("organization.address.houseNumber")}
              {...form.register("organization.address.houseNumber")}
            />
          </div>
          <div className="grid gap-5 sm:grid-cols-[1fr_2fr]">
            <TextField
              label={labels["organization.address.postalCode"]}
              required
              hint={t("organizationSignup.address.postalCodeHint")}
              error={message("organization.address.postalCode")}
              {...form.register("organization.address.postalCode")}
            />
            <TextField
              label={labels["organization.address.city"]}
              required
              error={message("organization.address.city")}
              {...form.register("organization.address.city")}
            />
          </div>
        </Fieldset>
      </Fieldset>

      <Fieldset legend={t("organizationSignup.user.legend")}>
        <p className="-mt-2 text-neutral-800">{t("organizationSignup.user.intro")}</p>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={labels["user.firstName"]}
            autoComplete="given-name"
            required
            error={message("user.firstName")}
            {...form.register("user.firstName")}
          />
          <TextField
            label={labels["user.lastName"]}
            autoComplete="family-name"
            required
            error={message("user.lastName")}
            {...form.register("user.lastName")}
          />
        </div>
        <TextField
          label={labels["user.email"]}
          type="email"
          autoComplete="email"
          required
          error={message("user.email")}
          {...form.register("user.email")}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={labels["user.password"]}
            type="password"
            autoComplete="new-password"
            required
            hint={t("signup.passwordHint", { min: String(minPasswordLength) })}
            error={message("user.password")}
            {...form.register("user.password")}
          />
          <TextField
            label={labels["user.passwordConfirmation"]}
            type="password"
            autoComplete="new-password"
            required
            error={message("user.passwordConfirmation")}
            {...form.register("user.passwordConfirmation")}
          />
        </div>
      </Fieldset>

      <SubmitButton
        pending={pending || leaving}
        pendingLabel={t("organizationSignup.pending")}
        className="self-start"
      >
        {t("organizationSignup.submit")}
      </SubmitButton>
    </form>
  );
}
