"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useTransition } from "react";
import { writeLocaleCookie } from "@/components/layout/locale-cookie";
import { ChoiceGroup } from "@/components/ui/choice-group";
import { FormError } from "@/components/ui/form-error";
import { QueryGate } from "@/components/ui/query-gate";
import { SubmitButton } from "@/components/ui/submit-button";
import { api } from "@/lib/api";
import { userKeys } from "@/lib/api/query-keys";
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENT_KINDS,
} from "@/lib/contract/notification-preferences";
import { type TUserLocale, USER_LOCALES } from "@/lib/contract/user";
import { useApiForm } from "@/lib/forms/use-api-form";
import { isLocale } from "@/lib/i18n/config";
import { updateAccountSettings } from "@/lib/profile/profile-api";
import { accountUserQuery } from "@/lib/profile/profile-queries";
import type { TAccountUser } from "@/lib/profile/profile-types";
import {
  preferenceField,
  preferencesToSend,
  settingsDefaults,
  settingsSchema,
} from "@/lib/profile/settings-form";
import { channelLabel, eventKindText } from "./profile-labels";

/**
 * /profile-edit/settings (docs/profile-pages.md): the language of the site and its mail, and
 * per kind of event how to hear of it. One PATCH /api/v1/current_user; a new language is also
 * the browser's (the locale cookie, as the header's language switch stores it) and the page
 * renders again in it, in place.
 */
export function SettingsForm() {
  const t = useTranslations("profile.settings");
  const user = useQuery(accountUserQuery());
  return (
    <QueryGate query={user} failed={t("loadFailed")}>
      {(loaded) => <SettingsFields user={loaded} />}
    </QueryGate>
  );
}

function SettingsFields({ user }: { user: TAccountUser }) {
  const t = useTranslations();
  const router = useRouter();
  const active = useLocale();
  const [refreshing, startTransition] = useTransition();
  const fallback: TUserLocale = isLocale(active) ? active : "nl";
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: settingsSchema,
    defaultValues: settingsDefaults(user, fallback),
    fieldLabels: { locale: t("profile.settings.language") },
    submit: (values) =>
      updateAccountSettings(api, {
        locale: values.locale,
        notificationPreferences: preferencesToSend(values),
      }),
    invalidates: [userKeys.current()],
    success: () => t("profile.settings.saved"),
    onSuccess: (_saved, values) => {
      if (values.locale === active) return;
      writeLocaleCookie(values.locale);
      startTransition(() => router.refresh());
    },
    failureTitle: t("profile.settings.failed"),
  });

  return (
    <form {...formProps} className="flex flex-col gap-8">
      <FormError title={failure?.title}>{failure?.description}</FormError>
      <ChoiceGroup
        legend={t("profile.settings.language")}
        hint={t("profile.settings.languageHint")}
        options={USER_LOCALES.map((code) => ({
          value: code,
          label: code === "en" ? t("layout.language.en") : t("layout.language.nl"),
        }))}
        error={message("locale")}
        registration={form.register("locale")}
      />
      <section aria-labelledby="notification-settings" className="flex flex-col gap-6">
        <hgroup>
          <h2 id="notification-settings" className="text-xl font-bold">
            {t("profile.settings.notifications")}
          </h2>
          <p className="mt-1 text-neutral-800">{t("profile.settings.notificationsHint")}</p>
        </hgroup>
        {NOTIFICATION_EVENT_KINDS.map((kind) => {
          const text = eventKindText(t, kind);
          const field = `notificationPreferences.${preferenceField(kind)}` as const;
          return (
            <ChoiceGroup
              key={kind}
              legend={text.label}
              hint={text.explanation}
              options={NOTIFICATION_CHANNELS.map((channel) => ({
                value: channel,
                label: channelLabel(t, channel),
              }))}
              error={message(field)}
              registration={form.register(field)}
            />
          );
        })}
      </section>
      <div>
        <SubmitButton pending={pending || refreshing} pendingLabel={t("profile.settings.saving")}>
          {t("profile.settings.submit")}
        </SubmitButton>
      </div>
    </form>
  );
}
