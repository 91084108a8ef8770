import { useLocale, useTranslations } from "next-intl";
import { type AppLocale, isLocale } from "@/lib/i18n/config";
import { LanguageMenu } from "./language-menu";

/**
 * spec §2 language panel, for tenants with language switching (spec §1). The button shows
 * the current language; the panel lists both, each in its own language (lang attribute).
 * The texts are looked up here; the menu is a small client island (language-menu.tsx).
 */
export function LanguagePanel() {
  const t = useTranslations("layout.language");
  const current = useLocale();
  const locale: AppLocale = isLocale(current) ? current : "nl";
  // Each language's own name; literal keys (docs/decisions.md, i18n).
  const names: Record<AppLocale, string> = { nl: t("nl"), en: t("en") };
  return <LanguageMenu locale={locale} names={names} label={t("label")} />;
}
