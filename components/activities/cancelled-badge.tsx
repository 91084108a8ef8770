import { useTranslations } from "next-intl";

/** A cancelled activity stays listed, marked (docs/activities.md). */
export function CancelledBadge() {
  const t = useTranslations("activities");
  return (
    <span className="inline-block rounded-full border-2 border-red-800 bg-red-50 px-2 py-0.5 text-sm font-semibold text-red-900">
      {t("cancelled")}
    </span>
  );
}
