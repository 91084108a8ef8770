import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { ButtonLink } from "@/components/ui/button";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("no-organization");

/** spec §2/§8: where the app goes when the user's organizations cannot be loaded. */
export default async function NoOrganizationPage() {
  const t = await getTranslations("auth.noOrganization");
  return (
    <AuthCard title={t("title")} description={t("description")}>
      <ButtonLink href="/uitloggen">{t("signOut")}</ButtonLink>
    </AuthCard>
  );
}
