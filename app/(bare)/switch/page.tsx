import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { TenantChoiceForm } from "@/components/switch/tenant-choice-form";
import { Card } from "@/components/ui/card";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import { routeMetadata } from "@/lib/route-metadata";
import { getTenant } from "@/lib/tenants/tenants";
import { switchTenant } from "./actions";
import { tenantNamedByHost } from "./host-tenant";

export const generateMetadata = routeMetadata("switch");

/**
 * spec §2: /switch (public, empty layout). Lists the six tenants and stores the choice in
 * the tenant cookie; a plain form post, so it works without JavaScript.
 */
export default async function SwitchPage() {
  const t = await getTranslations("switch");
  const [current, hostSlug] = await Promise.all([getCurrentTenant(), tenantNamedByHost()]);
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 sm:py-16">
      <Card>
        <h1 className="text-3xl font-bold text-neutral-900">{t("heading")}</h1>
        <p className="mt-3 text-neutral-700">{t("intro")}</p>
        {hostSlug ? (
          <p className="mt-4 rounded-shape border-2 border-primary-700 bg-primary-50 p-4 text-neutral-900">
            {t("hostDecides", { site: getTenant(hostSlug).displayName })}
          </p>
        ) : null}
        <TenantChoiceForm current={current.slug} action={switchTenant} />
        <p className="mt-6 text-sm text-neutral-700">
          {t("hostRule", { example: "oldebroek.localhost" })}
        </p>
        <p className="mt-6">
          <Link href="/">{t("backToSite")}</Link>
        </p>
      </Card>
    </div>
  );
}
