import { useTranslations } from "next-intl";

/** A workshop is listed among the activities, marked as a training (docs/workshops.md). */
export function WorkshopBadge() {
  const t = useTranslations("activities");
  return (
    <span className="inline-block rounded-full border-2 border-primary-700 bg-primary-50 px-2 py-0.5 text-sm font-semibold text-neutral-900">
      {t("workshop")}
    </span>
  );
}
