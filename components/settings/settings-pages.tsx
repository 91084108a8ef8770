"use client";

import { useTranslations } from "next-intl";
import { ReplySettingsForm } from "@/components/reply-times/reply-settings-form";
import type { TFontId } from "@/lib/theme/font-list";
import type { TThemeChoice } from "@/lib/theme/theme-choice";
import { CentreDetailsForm } from "./centre-details-form";
import { DesignForm } from "./design-form";
import { FooterForm } from "./footer-form";
import { SettingsFrame } from "./settings-frame";

// The /instellingen pages (spec §2), each the shared frame around its own form. Client
// components, because the frame hands the chosen centre to the form it wraps.

export function DesignSettings(props: {
  siteTheme: TThemeChoice;
  highContrast: boolean;
  fontFamilies: Readonly<Record<TFontId, string>>;
}) {
  const t = useTranslations("routes");
  return (
    <SettingsFrame title={t("settingsDesign")}>
      {(centre) => <DesignForm centreId={centre.id} {...props} />}
    </SettingsFrame>
  );
}

export function FooterSettings() {
  const t = useTranslations("routes");
  return (
    <SettingsFrame title={t("settingsFooter")}>
      {(centre) => <FooterForm centreId={centre.id} />}
    </SettingsFrame>
  );
}

export function OrganizationSettings() {
  const t = useTranslations("routes");
  return (
    <SettingsFrame title={t("settingsOrganization")}>
      {(centre) => <CentreDetailsForm centreId={centre.id} parts={["details", "address"]} />}
    </SettingsFrame>
  );
}

export function ContactPersonSettings() {
  const t = useTranslations("routes");
  return (
    <SettingsFrame title={t("settingsContactPerson")}>
      {(centre) => <CentreDetailsForm centreId={centre.id} parts={["profile"]} />}
    </SettingsFrame>
  );
}

export function ReplySettings() {
  const t = useTranslations("routes");
  return (
    <SettingsFrame title={t("settingsReplies")}>
      {(centre) => <ReplySettingsForm centreId={centre.id} />}
    </SettingsFrame>
  );
}
