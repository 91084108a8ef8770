"use client";

import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useTransition } from "react";
import { Icon } from "@/components/ui/icon";
import { type AppLocale, locales } from "@/lib/i18n/config";
import { writeLocaleCookie } from "./locale-cookie";
import { panelClass, panelItemClass, toolbarButtonClass } from "./toolbar-styles";
import { useDisclosure } from "./use-disclosure";

/**
 * spec §2 language panel, for tenants with language switching (spec §1). The button shows
 * the current language; the panel lists both, each in its own language (lang attribute).
 * A choice is stored in the locale cookie and the server components render again in it;
 * the cookie makes it last across reloads and visits.
 */
export function LanguagePanel() {
  const t = useTranslations("layout.language");
  const locale = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const { open, close, panelId, buttonProps, containerProps } = useDisclosure<HTMLDivElement>();

  // Each language's own name; literal keys (docs/decisions.md, i18n).
  const names: Record<AppLocale, string> = { nl: t("nl"), en: t("en") };

  const choose = (next: AppLocale) => {
    close(true);
    if (next === locale) return;
    writeLocaleCookie(next);
    startTransition(() => router.refresh());
  };

  return (
    <div className="relative" {...containerProps}>
      <button {...buttonProps} aria-busy={pending || undefined} className={toolbarButtonClass}>
        <Icon name="globe" />
        <span className="sr-only">{t("label")}: </span>
        <span lang={locale}>{names[locale]}</span>
        <Icon name="chevron-down" />
      </button>
      <div id={panelId} hidden={!open} className={panelClass}>
        <ul aria-label={t("label")}>
          {locales.map((code) => (
            <li key={code}>
              <button
                type="button"
                lang={code}
                aria-current={code === locale ? "true" : undefined}
                className={`${panelItemClass} [&[aria-current]]:font-bold`}
                onClick={() => choose(code)}
              >
                <span className="inline-flex w-4 justify-center">
                  {code === locale ? <Icon name="check" /> : null}
                </span>
                {names[code]}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
