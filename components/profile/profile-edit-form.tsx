"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useId } from "react";
import { CheckboxGroup } from "@/components/ui/checkbox-group";
import { FormError } from "@/components/ui/form-error";
import { allOf, QueryGate } from "@/components/ui/query-gate";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { TextareaField } from "@/components/ui/textarea-field";
import { api } from "@/lib/api";
import { userKeys } from "@/lib/api/query-keys";
import { VOLUNTEER_LANGUAGES, VOLUNTEER_PROFILE_LIMITS } from "@/lib/contract/volunteer-profile";
import { defaultFieldMessage, leafPaths, useApiForm } from "@/lib/forms/use-api-form";
import { updateOwnProfile } from "@/lib/profile/profile-api";
import {
  profileChanges,
  profileFormDefaults,
  profileSchema,
  type TProfileFormValues,
} from "@/lib/profile/profile-form";
import { profileKeys } from "@/lib/profile/profile-keys";
import { ownProfileQuery } from "@/lib/profile/profile-queries";
import type { TVolunteerProfile } from "@/lib/profile/profile-types";
import { tagName } from "@/lib/tags/tag-name";
import { type TTag, tagsQuery } from "@/lib/tags/tag-queries";
import { AvailabilityFieldset } from "./availability-fieldset";
import { languageNames } from "./profile-labels";
import { SkillsEditor } from "./skills-editor";

/**
 * /profile-edit (docs/profile-pages.md): the whole profile in one form, saved with one
 * PATCH /api/v1/current_user/volunteer_profile. Waits for the profile and the tenant's tags.
 */
export function ProfileEditForm() {
  const t = useTranslations("profile.edit");
  const profile = useQuery(ownProfileQuery());
  const tags = useQuery(tagsQuery());
  return (
    <QueryGate query={allOf(profile, tags)} failed={t("loadFailed")}>
      {([loaded, vocabulary]) => <ProfileFields profile={loaded} tags={vocabulary} />}
    </QueryGate>
  );
}

/** The api's paths (below /data) to the fields that show them: attributes, and the interests. */
function fieldsFor(values: TProfileFormValues): Record<string, string> {
  const fields: Record<string, string> = { "relationships.tags": "tagIds" };
  for (const path of leafPaths(values)) {
    fields[`attributes.${path}`] = path;
    // A list's whole-list problem ("too many") is on the list itself.
    const list = path.split(".")[0];
    fields[`attributes.${list}`] = list;
  }
  return fields;
}

function ProfileFields({ profile, tags: offered }: { profile: TVolunteerProfile; tags: TTag[] }) {
  // The tags on offer, and an archived one the volunteer already has: it stays theirs until
  // they untick it (docs/tags.md), so saving the form does not drop it unasked.
  const kept = (profile.tags ?? []).filter((own) => !offered.some((tag) => tag.id === own.id));
  const tags = [...offered, ...kept];
  const t = useTranslations();
  const locale = useLocale();
  const consentHint = useId();
  const labels: Record<string, string> = {
    firstName: t("userAdmin.fields.firstName"),
    lastName: t("userAdmin.fields.lastName"),
    phone: t("userAdmin.fields.phone"),
    postalCode: t("profile.fields.postalCode"),
    city: t("profile.fields.city"),
    about: t("profile.fields.about"),
    tagIds: t("profile.fields.interests"),
    skills: t("profile.skills.legend"),
    availability: t("profile.fields.availability"),
    hoursPerWeek: t("profile.fields.hoursPerWeek"),
    languages: t("profile.fields.languages"),
    inPool: t("profile.pool.consent"),
  };
  const fallback = defaultFieldMessage(t, labels);
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: profileSchema,
    defaultValues: profileFormDefaults(profile),
    fieldLabels: labels,
    submit: (values) => {
      const { attributes, tagIds } = profileChanges(values);
      return updateOwnProfile(api, attributes, tagIds);
    },
    // The profile, and the signed-in user: their name (the account menu) and phone are saved too.
    invalidates: [profileKeys.own(), userKeys.current()],
    success: () => t("profile.edit.saved"),
    pointerRoot: "/data",
    fields: fieldsFor,
    fieldMessage: (field, error) =>
      error.code === "unknown_place"
        ? t("profile.errors.unknownPlace")
        : fallback(field.split(".")[0], error),
    failureTitle: t("profile.edit.failed"),
  });

  const about = form.watch("about") ?? "";
  const skills = form.watch("skills") ?? [];
  const skillsError =
    message("skills") ?? skills.map((_, index) => message(`skills.${index}`)).find(Boolean);
  const languageName = languageNames(t, locale);
  const poolError = message("inPool");

  return (
    <form {...formProps} className="flex flex-col gap-8">
      <FormError title={failure?.title}>{failure?.description}</FormError>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-xl font-bold">{t("profile.edit.contact")}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={labels.firstName}
            autoComplete="given-name"
            required
            error={message("firstName")}
            {...form.register("firstName")}
          />
          <TextField
            label={labels.lastName}
            autoComplete="family-name"
            required
            error={message("lastName")}
            {...form.register("lastName")}
          />
        </div>
        <TextField
          label={labels.phone}
          type="tel"
          autoComplete="tel"
          error={message("phone")}
          {...form.register("phone")}
        />
        <p className="text-sm text-neutral-700">
          {t("profile.edit.emailElsewhere")}{" "}
          <Link href="/profile-edit/email" className="inline-block py-1">
            {t("profile.edit.emailLink")}
          </Link>
        </p>
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-xl font-bold">{t("profile.edit.place")}</legend>
        <p className="text-sm text-neutral-700">{t("profile.edit.placeHint")}</p>
        <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
          <TextField
            label={labels.postalCode}
            autoComplete="postal-code"
            error={message("postalCode")}
            {...form.register("postalCode")}
          />
          <TextField
            label={labels.city}
            autoComplete="address-level2"
            error={message("city")}
            {...form.register("city")}
          />
        </div>
      </fieldset>

      <fieldset className="flex flex-col gap-6">
        <legend className="mb-2 text-xl font-bold">{t("profile.edit.aboutYou")}</legend>
        <TextareaField
          label={labels.about}
          rows={6}
          error={message("about")}
          hint={t("profile.edit.aboutHint", {
            count: about.length,
            max: VOLUNTEER_PROFILE_LIMITS.about,
          })}
          {...form.register("about")}
        />
        {tags.length > 0 ? (
          <CheckboxGroup
            legend={labels.tagIds}
            hint={t("profile.edit.interestsHint")}
            options={tags.map((tag) => ({ value: tag.id, label: tagName(tag, locale) }))}
            error={message("tagIds")}
            columns={3}
            registration={form.register("tagIds")}
          />
        ) : null}
        <SkillsEditor
          skills={skills}
          error={skillsError}
          onChange={(next) => form.setValue("skills", next, { shouldDirty: true })}
        />
      </fieldset>

      <fieldset className="flex flex-col gap-6">
        <legend className="mb-2 text-xl font-bold">{t("profile.edit.when")}</legend>
        <AvailabilityFieldset
          legend={labels.availability}
          hint={t("profile.edit.availabilityHint")}
          registration={form.register("availability")}
        />
        <TextField
          label={labels.hoursPerWeek}
          inputMode="numeric"
          className="max-w-48"
          hint={t("profile.edit.hoursHint", {
            max: String(VOLUNTEER_PROFILE_LIMITS.hoursPerWeek.max),
          })}
          error={message("hoursPerWeek")}
          {...form.register("hoursPerWeek")}
        />
      </fieldset>

      <CheckboxGroup
        legend={labels.languages}
        hint={t("profile.edit.languagesHint")}
        options={VOLUNTEER_LANGUAGES.map((code) => ({ value: code, label: languageName(code) }))}
        error={message("languages")}
        columns={3}
        registration={form.register("languages")}
      />

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-xl font-bold">{t("profile.pool.heading")}</legend>
        <p id={consentHint} className="text-neutral-800">
          {t("profile.pool.explanation")}
        </p>
        <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-shape border-2 border-neutral-300 bg-white px-3 py-2 has-[:checked]:border-neutral-800">
          <input
            type="checkbox"
            aria-describedby={poolError ? `${consentHint} ${consentHint}-error` : consentHint}
            aria-invalid={poolError ? true : undefined}
            className="size-5 shrink-0 accent-neutral-800"
            {...form.register("inPool")}
          />
          <span className="font-medium">{labels.inPool}</span>
        </label>
        {poolError ? (
          <p id={`${consentHint}-error`} className="text-sm font-medium text-danger-700">
            {poolError}
          </p>
        ) : null}
      </fieldset>

      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton pending={pending} pendingLabel={t("profile.edit.saving")}>
          {t("profile.edit.submit")}
        </SubmitButton>
        <Link href="/profiel" className="inline-flex min-h-11 items-center">
          {t("profile.edit.view")}
        </Link>
      </div>
    </form>
  );
}
