import Link from "next/link";
import { useTranslations } from "next-intl";
import type { TTenantConfig } from "@/lib/tenants/tenants";
import { AccountNav } from "./account-nav";
import { LanguageSwitch } from "./language-switch";

type Props = { tenant: TTenantConfig };

/** spec §1: header variant 'tab', sticky. */
export function SiteHeader({ tenant }: Props) {
  const siteName = tenant.displayName;
  const languageSwitch = tenant.features.languageSwitch;
  const t = useTranslations("layout");
  return (
    <header className="sticky top-0 z-10 border-b border-neutral-300 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-3">
        <Link
          href="/"
          className="text-xl font-bold text-primary-800 no-underline hover:text-primary-700"
        >
          {siteName}
        </Link>
        <div className="flex flex-wrap items-center gap-2">
          {languageSwitch ? <LanguageSwitch /> : null}
          <nav aria-label={t("accountNav")} className="flex items-center gap-1">
            <AccountNav />
          </nav>
        </div>
      </div>
    </header>
  );
}
