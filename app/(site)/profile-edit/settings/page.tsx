import { getTranslations } from "next-intl/server";
import { AccountFrame } from "@/components/profile/account-frame";
import { SettingsForm } from "@/components/profile/settings-form";
import { requireSession } from "@/lib/auth/get-session";
import { hasVolunteerProfiles } from "@/lib/profile/profiles-enabled";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("profile-settings");

/**
 * /profile-edit/settings (spec §2, login-required; docs/profile-pages.md): language and
 * notification choices. On every tenant, meedoen too: every user reads the site in a
 * language and is notified, profile or not.
 */
export default async function SettingsRoute() {
  await requireSession("/profile-edit/settings");
  const t = await getTranslations();
  const profiles = await hasVolunteerProfiles();
  return (
    <AccountFrame
      title={t("routes.profileSettings")}
      description={t("profile.settings.description")}
      current="settings"
      profiles={profiles}
    >
      <SettingsForm />
    </AccountFrame>
  );
}
