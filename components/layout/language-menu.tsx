"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Icon } from "@/components/ui/icon";
import { type AppLocale, locales } from "@/lib/i18n/config";
import { writeLocaleCookie } from "./locale-cookie";
import { panelClass, panelItemClass, toolbarButtonClass } from "./toolbar-styles";
import { useDisclosure } from "./use-disclosure";

type Props = { locale: AppLocale; names: Record<AppLocale, string>; label: string };

/**
 * The language panel's menu (language-panel.tsx gives it the texts): a client island
 * without next-intl. A choice is stored in the locale cookie and the server components
 * render again in it; the cookie makes it last across reloads and visits.
 */
export function LanguageMenu({ locale, names, label }: Props) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const { open, close, panelId, buttonProps, containerProps } = useDisclosure<HTMLDivElement>();

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
        <span className="sr-only">{label}: </span>
        <span lang={locale}>{names[locale]}</span>
        <Icon name="chevron-down" />
      </button>
      <div id={panelId} hidden={!open} className={panelClass}>
        <ul aria-label={label}>
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
