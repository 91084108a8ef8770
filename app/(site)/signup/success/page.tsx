import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { SignupSuccess } from "@/components/signup/signup-success";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("signup-success");

/** spec §2: /signup/success (public): confirm through the mail just sent, or have it again. */
export default async function SignupSuccessPage() {
  const t = await getTranslations("signup.success");
  return (
    <AuthCard title={t("title")}>
      <SignupSuccess />
    </AuthCard>
  );
}
