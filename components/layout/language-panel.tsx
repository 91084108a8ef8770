import { useLocale, useTranslations } from "next-intl";
import type { ComponentType, ReactNode } from "react";
import { Icon } from "@/components/ui/icon";
import { type AppLocale, isLocale, localeChoicePath, locales } from "@/lib/i18n/config";
import { PopoverToggle, popoverAnchorStyle } from "./header-popover";
import { panelItemClass, popoverPanelClass } from "./toolbar-styles";

const PANEL_ID = "language-panel";

export type TLanguageFormProps = { current: AppLocale; children: ReactNode };

/** The plain form: posts to /api/locale, and the page loads again in the chosen language. */
function PostForm({ children }: TLanguageFormProps) {
  return (
    <form method="post" action={localeChoicePath}>
      {children}
    </form>
  );
}

type Props = {
  /**
   * Another form around the choices: the app's header (site-header.tsx) passes
   * language-refresh-form.tsx, which renders the page again in place once hydrated. Passed
   * in, not imported here, so the public header does not ship it.
   */
  Form?: ComponentType<TLanguageFormProps>;
};

/**
 * spec §2 language panel, for tenants with language switching (spec §1). The button shows
 * the current language; the panel lists both, each in its own language (lang attribute).
 * A popover with a plain form (header-popover.tsx, lib/bff/locale-choice.ts): no JavaScript
 * needed, none shipped on the public pages.
 */
export function LanguagePanel({ Form = PostForm }: Props) {
  const t = useTranslations("layout.language");
  const current = useLocale();
  const locale: AppLocale = isLocale(current) ? current : "nl";
  // Each language's own name; literal keys (docs/decisions.md, i18n).
  const names: Record<AppLocale, string> = { nl: t("nl"), en: t("en") };
  const label = t("label");
  const choices = (
    <ul aria-label={label}>
      {locales.map((code) => (
        <li key={code}>
          <button
            type="submit"
            name="locale"
            value={code}
            lang={code}
            aria-current={code === locale ? "true" : undefined}
            className={`${panelItemClass} [&[aria-current]]:font-bold`}
          >
            <span className="inline-flex w-4 justify-center">
              {code === locale ? <Icon name="check" /> : null}
            </span>
            {names[code]}
          </button>
        </li>
      ))}
    </ul>
  );
  return (
    <div>
      <PopoverToggle target={PANEL_ID}>
        <Icon name="globe" />
        <span className="sr-only">{label}: </span>
        <span lang={locale}>{names[locale]}</span>
        <Icon name="chevron-down" />
      </PopoverToggle>
      <div
        id={PANEL_ID}
        popover="auto"
        style={popoverAnchorStyle(PANEL_ID)}
        className={popoverPanelClass}
      >
        <Form current={locale}>{choices}</Form>
      </div>
    </div>
  );
}
