import { getTranslations } from "next-intl/server";
import { AccountFrame } from "@/components/profile/account-frame";
import { EmailChangeForm } from "@/components/profile/email-change-form";
import { requireSession } from "@/lib/auth/get-session";
import { hasVolunteerProfiles } from "@/lib/profile/profiles-enabled";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("profile-email");

/**
 * /profile-edit/email (spec §2, login-required; docs/profile-pages.md): the account's
 * address and asking for a new one. On every tenant, meedoen too: every account has an
 * address, profile or not.
 */
export default async function EmailRoute() {
  await requireSession("/profile-edit/email");
  const t = await getTranslations();
  const profiles = await hasVolunteerProfiles();
  return (
    <AccountFrame
      title={t("routes.profileEmail")}
      description={t("profile.email.description")}
      current="email"
      profiles={profiles}
    >
      <EmailChangeForm />
    </AccountFrame>
  );
}
