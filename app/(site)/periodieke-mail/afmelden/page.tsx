import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { UnsubscribeForm } from "@/components/matches/unsubscribe-form";
import { FormError } from "@/components/ui/form-error";
import { firstParam, type SearchParams } from "@/lib/navigation/search-params";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("periodic-mail-unsubscribe");

/**
 * /periodieke-mail/afmelden?token=… (public; docs/matching.md): the periodic mail's footer
 * link. It asks before it unsubscribes: opening the page changes nothing.
 */
export default async function PeriodicMailUnsubscribePage({
  searchParams,
}: {
  searchParams: SearchParams;
}) {
  const params = await searchParams;
  const t = await getTranslations();
  const token = firstParam(params.token)?.trim();
  return (
    <AuthCard title={t("routes.periodicMailUnsubscribe")}>
      {token ? (
        <UnsubscribeForm token={token} />
      ) : (
        <FormError title={t("matches.unsubscribe.invalid")} />
      )}
    </AuthCard>
  );
}
