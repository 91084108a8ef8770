"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { ChoiceGroup } from "@/components/ui/choice-group";
import { FormError } from "@/components/ui/form-error";
import { Icon } from "@/components/ui/icon";
import { QueryGate } from "@/components/ui/query-gate";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/api";
import {
  PERIODIC_MAIL_FREQUENCIES,
  VOLUNTEER_PROFILE_LIMITS,
} from "@/lib/contract/volunteer-profile";
import { useApiForm } from "@/lib/forms/use-api-form";
import { updateOwnProfile } from "@/lib/profile/profile-api";
import { periodicMailSchema } from "@/lib/profile/profile-form";
import { profileKeys } from "@/lib/profile/profile-keys";
import { ownProfileQuery } from "@/lib/profile/profile-queries";
import type { TVolunteerProfile } from "@/lib/profile/profile-types";
import { frequencyLabel } from "./profile-labels";

/**
 * /profile-edit/periodieke-mail (docs/profile-pages.md): how often a mail of new vacancies
 * nearby should come, and how far away they may be. Saved on the volunteer profile; the page
 * says when the mail comes and what it holds (docs/matching.md).
 */
export function PeriodicMailForm() {
  const t = useTranslations("profile.periodicMail");
  const profile = useQuery(ownProfileQuery());
  return (
    <QueryGate query={profile} failed={t("loadFailed")}>
      {(loaded) => <PeriodicMailFields profile={loaded} />}
    </QueryGate>
  );
}

function PeriodicMailFields({ profile }: { profile: TVolunteerProfile }) {
  const t = useTranslations();
  const { min, max } = VOLUNTEER_PROFILE_LIMITS.radiusKm;
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: periodicMailSchema,
    defaultValues: {
      periodicMailFrequency: profile.periodicMailFrequency,
      periodicMailRadiusKm:
        profile.periodicMailRadiusKm === null ? "" : String(profile.periodicMailRadiusKm),
    },
    fieldLabels: {
      periodicMailFrequency: t("profile.periodicMail.frequency"),
      periodicMailRadiusKm: t("profile.periodicMail.radius"),
    },
    submit: (values) => updateOwnProfile(api, values),
    invalidates: [profileKeys.own()],
    success: () => t("profile.periodicMail.saved"),
    failureTitle: t("profile.periodicMail.failed"),
  });
  const hasPlace = Boolean(profile.postalCode || profile.city);

  return (
    <div className="flex flex-col gap-6">
      <p className="flex items-start gap-2 rounded-shape border-2 border-neutral-400 bg-white p-4">
        <Icon name="info" className="mt-1" />
        <span>{t("matches.periodicMail.howItWorks")}</span>
      </p>
      <form {...formProps} className="flex flex-col gap-6">
        <FormError title={failure?.title}>{failure?.description}</FormError>
        <ChoiceGroup
          legend={t("profile.periodicMail.frequency")}
          options={PERIODIC_MAIL_FREQUENCIES.map((frequency) => ({
            value: frequency,
            label: frequencyLabel(t, frequency),
          }))}
          columns={3}
          error={message("periodicMailFrequency")}
          registration={form.register("periodicMailFrequency")}
        />
        <TextField
          label={t("profile.periodicMail.radius")}
          inputMode="numeric"
          className="max-w-48"
          hint={t("profile.periodicMail.radiusHint", { min: String(min), max: String(max) })}
          error={message("periodicMailRadiusKm")}
          {...form.register("periodicMailRadiusKm")}
        />
        {hasPlace ? null : (
          <p className="text-neutral-800">
            {t("profile.periodicMail.noPlace")}{" "}
            <Link href="/profile-edit" className="inline-block py-1">
              {t("profile.periodicMail.noPlaceLink")}
            </Link>
          </p>
        )}
        <div>
          <SubmitButton pending={pending} pendingLabel={t("profile.periodicMail.saving")}>
            {t("profile.periodicMail.submit")}
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}
