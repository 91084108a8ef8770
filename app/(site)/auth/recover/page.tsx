import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { RecoverForm } from "@/components/auth/recover-form";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("auth-recover");

/** spec §2: /auth/recover (public): request a password reset mail. */
export default async function RecoverPage() {
  const t = await getTranslations("auth.recover");
  return (
    <AuthCard title={t("title")} description={t("intro")}>
      <RecoverForm />
    </AuthCard>
  );
}
