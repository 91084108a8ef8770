import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { ConfirmAccount } from "@/components/auth/confirm-account";
import { FormError } from "@/components/ui/form-error";
import { firstParam, type SearchParams } from "@/lib/navigation/search-params";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("confirm");

/** spec §2: /confirm (public): the account confirmation link of the sign-up mail. */
export default async function ConfirmPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const t = await getTranslations("auth.confirm");
  const token = firstParam(params.confirmation_token)?.trim();
  return (
    <AuthCard title={t("title")}>
      {token ? <ConfirmAccount token={token} /> : <FormError title={t("missingToken")} />}
    </AuthCard>
  );
}
