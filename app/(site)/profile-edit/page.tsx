import { getTranslations } from "next-intl/server";
import { withInterruptScreens } from "@/components/errors/interrupt-page";
import { AccountFrame } from "@/components/profile/account-frame";
import { ProfileEditForm } from "@/components/profile/profile-edit-form";
import { requireSession } from "@/lib/auth/get-session";
import { requireVolunteerProfiles } from "@/lib/profile/profiles-enabled";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("profile-edit");

/**
 * /profile-edit (spec §2, login-required; docs/profile-pages.md): the volunteer profile's
 * form. Not on a tenant without profiles (meedoen: 404); its address and settings tabs are.
 */
export default withInterruptScreens(async function ProfileEditRoute() {
  await requireVolunteerProfiles();
  await requireSession("/profile-edit");
  const t = await getTranslations();
  return (
    <AccountFrame
      title={t("routes.profileEdit")}
      description={t("profile.edit.description")}
      current="profile"
      profiles
    >
      <ProfileEditForm />
    </AccountFrame>
  );
});
