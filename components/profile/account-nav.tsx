import Link from "next/link";
import { useTranslations } from "next-intl";

export type TAccountTab = "profile" | "email" | "settings" | "periodicMail";

// The same tab look as /applications' scopes: the current one filled, bold and aria-current,
// so it is not told by colour alone; each at least 44 px high (WCAG 2.5.8).
const tabClass =
  "inline-flex min-h-11 items-center rounded-full border-2 border-neutral-700 px-4 py-1.5 font-medium text-neutral-900 no-underline hover:bg-neutral-100 hover:text-neutral-900 [&[aria-current]]:bg-neutral-800 [&[aria-current]]:font-bold [&[aria-current]]:text-white";

type Props = {
  current: TAccountTab;
  /** The tenant has volunteer profiles (spec §1: not meedoen): Profiel and Periodieke mail. */
  profiles: boolean;
};

/**
 * The account pages' sub-navigation (spec §2: /profile-edit and its children email,
 * settings, periodieke-mail): links, the current page marked with aria-current. Without
 * volunteer profiles only the address and the settings remain (docs/profile-pages.md).
 */
export function AccountNav({ current, profiles }: Props) {
  const t = useTranslations();
  const tabs: { id: TAccountTab; href: string; label: string }[] = [
    ...(profiles
      ? [{ id: "profile" as const, href: "/profile-edit", label: t("routes.profile") }]
      : []),
    { id: "email", href: "/profile-edit/email", label: t("routes.profileEmail") },
    { id: "settings", href: "/profile-edit/settings", label: t("routes.profileSettings") },
    ...(profiles
      ? [
          {
            id: "periodicMail" as const,
            href: "/profile-edit/periodieke-mail",
            label: t("routes.profilePeriodicMail"),
          },
        ]
      : []),
  ];
  return (
    <nav aria-label={t("profile.nav.label")}>
      <ul className="flex flex-wrap gap-2">
        {tabs.map((tab) => (
          <li key={tab.id}>
            <Link
              href={tab.href}
              aria-current={tab.id === current ? "page" : undefined}
              className={tabClass}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
