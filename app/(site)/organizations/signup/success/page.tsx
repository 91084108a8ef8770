import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { OrganizationSignupSuccess } from "@/components/signup/organization-signup-success";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("organization-signup-success");

/**
 * spec §2: /organizations/signup/success (public): the centre reviews the application
 * (pending), and the new admin confirms their address first.
 */
export default async function OrganizationSignupSuccessPage() {
  const t = await getTranslations("organizationSignup.success");
  return (
    <AuthCard title={t("title")}>
      <OrganizationSignupSuccess />
    </AuthCard>
  );
}
