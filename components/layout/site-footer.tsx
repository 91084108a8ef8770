import { useTranslations } from "next-intl";

/**
 * spec §1 names a 'fixed' footer variant. It sits at the bottom of the page, not fixed to
 * the viewport: a viewport-fixed bar would hide focused elements (WCAG 2.4.11).
 */
export function SiteFooter({ siteName }: { siteName: string }) {
  const t = useTranslations("layout");
  return (
    <footer className="mt-auto border-t border-neutral-300 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-6 text-sm text-neutral-700">
        {t("footer", { year: String(new Date().getFullYear()), siteName })}
      </div>
    </footer>
  );
}
