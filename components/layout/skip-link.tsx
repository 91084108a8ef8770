import { useTranslations } from "next-intl";

export const mainContentId = "main-content";

/** WCAG 2.4.1: the first focusable element jumps past the header to the content. */
export function SkipLink() {
  const t = useTranslations("layout");
  return (
    <a
      href={`#${mainContentId}`}
      className="sr-only rounded-full bg-neutral-900 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:text-white"
    >
      {t("skipLink")}
    </a>
  );
}
