import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { SignupForm } from "@/components/signup/signup-form";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("signup");

/** spec §2: /signup (public): a volunteer creates an account. */
export default async function SignupPage() {
  const t = await getTranslations("signup");
  return (
    <AuthCard title={t("title")} description={t("intro")}>
      <SignupForm />
    </AuthCard>
  );
}
