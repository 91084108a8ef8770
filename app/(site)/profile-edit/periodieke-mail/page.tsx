import { getTranslations } from "next-intl/server";
import { withInterruptScreens } from "@/components/errors/interrupt-page";
import { AccountFrame } from "@/components/profile/account-frame";
import { PeriodicMailForm } from "@/components/profile/periodic-mail-form";
import { requireSession } from "@/lib/auth/get-session";
import { requireVolunteerProfiles } from "@/lib/profile/profiles-enabled";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("profile-periodic-mail");

/**
 * /profile-edit/periodieke-mail (spec §2, login-required; docs/profile-pages.md): the
 * periodic vacancy mail's choices, kept on the volunteer profile, so not on a tenant without
 * profiles (meedoen: 404).
 */
export default withInterruptScreens(async function PeriodicMailRoute() {
  await requireVolunteerProfiles();
  await requireSession("/profile-edit/periodieke-mail");
  const t = await getTranslations();
  return (
    <AccountFrame
      title={t("routes.profilePeriodicMail")}
      description={t("profile.periodicMail.description")}
      current="periodicMail"
      profiles
    >
      <PeriodicMailForm />
    </AccountFrame>
  );
});
