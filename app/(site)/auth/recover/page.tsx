import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { RecoverForm } from "@/components/auth/recover-form";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.recover");
  return { title: t("title") };
}

/** spec §2: /auth/recover (public): request a password reset mail. */
export default async function RecoverPage() {
  const t = await getTranslations("auth.recover");
  return (
    <AuthCard title={t("title")} description={t("intro")}>
      <RecoverForm />
    </AuthCard>
  );
}
