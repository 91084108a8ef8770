import { getTranslations } from "next-intl/server";
import { OrganizationSignupForm } from "@/components/signup/organization-signup-form";
import { Card } from "@/components/ui/card";
import { PageTitle } from "@/components/ui/page-title";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("organization-signup");

/** spec §2: /organizations/signup (public): a school or organisation applies to the centre. */
export default async function OrganizationSignupPage() {
  const t = await getTranslations("organizationSignup");
  return (
    <div className="mx-auto w-full max-w-3xl">
      <Card>
        <PageTitle description={t("intro")}>{t("title")}</PageTitle>
        <OrganizationSignupForm />
      </Card>
    </div>
  );
}
