"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";

const tabClass =
  "inline-flex min-h-11 items-center rounded-full border-2 border-neutral-700 px-4 py-1.5 font-medium text-neutral-900 no-underline hover:bg-neutral-100 hover:text-neutral-900 [&[aria-current]]:bg-neutral-800 [&[aria-current]]:font-bold [&[aria-current]]:text-white";

/** spec §2's four /instellingen pages and the reply-time settings; the way between them. */
export function SettingsNav() {
  const t = useTranslations("routes");
  const tSettings = useTranslations("settings");
  const pathname = usePathname();
  const items = [
    { href: "/instellingen/design", label: t("settingsDesign") },
    { href: "/instellingen/footer", label: t("settingsFooter") },
    { href: "/instellingen/organisatie", label: t("settingsOrganization") },
    { href: "/instellingen/contact-person", label: t("settingsContactPerson") },
    { href: "/instellingen/reacties", label: t("settingsReplies") },
  ];
  return (
    <nav aria-label={tSettings("nav")}>
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item.href}>
            <Link
              href={item.href}
              aria-current={pathname === item.href ? "page" : undefined}
              className={tabClass}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
