import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { ButtonLink } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { type ResetPasswordCredentials, resetPasswordPayload } from "@/lib/auth/reset-password";
import { minPasswordLength } from "@/lib/forms/rules";
import type { SearchParams } from "@/lib/navigation/search-params";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("auth-reset");

/**
 * spec §2: /auth/reset (public). The reset mail leads here with `reset_password_token`
 * (decisions.md, Auth); devise's uid/client/access-token redirect works as well.
 */
export default async function ResetPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const t = await getTranslations("auth.reset");

  let credentials: ResetPasswordCredentials | null = null;
  try {
    credentials = resetPasswordPayload(params);
  } catch {
    // spec §5: neither the token nor all three header values: shown below, localized.
  }

  return (
    <AuthCard
      title={t("title")}
      description={credentials ? t("intro", { min: String(minPasswordLength) }) : undefined}
    >
      {credentials ? (
        <ResetPasswordForm credentials={credentials} />
      ) : (
        <div className="flex flex-col gap-5">
          <FormError title={t("missingToken")} />
          <ButtonLink href="/auth/recover">{t("requestNewLink")}</ButtonLink>
        </div>
      )}
    </AuthCard>
  );
}
