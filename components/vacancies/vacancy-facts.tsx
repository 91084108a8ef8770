import { useFormatter, useLocale, useTranslations } from "next-intl";
import { tagName } from "@/lib/tags/tag-name";
import type { TVacancy } from "@/lib/vacancies/types";

/** Place (or from home), distance, hours and themes of a vacancy, as a description list. */
export function VacancyFacts({
  vacancy,
  compact = false,
}: {
  vacancy: TVacancy;
  compact?: boolean;
}) {
  const t = useTranslations("vacancies");
  const locale = useLocale();
  const format = useFormatter();
  const place = vacancy.remote ? t("remote") : vacancy.city;
  const rows: { label: string; value: string }[] = [];
  if (place) rows.push({ label: t("place"), value: place });
  if (vacancy.distanceKm !== null && !vacancy.remote) {
    rows[rows.length - 1] = {
      label: t("place"),
      value: `${place ?? ""} (${t("distance", { km: format.number(vacancy.distanceKm, { maximumFractionDigits: 1 }) })})`,
    };
  }
  rows.push({
    label: t("hoursLabel"),
    value:
      vacancy.hoursPerWeek === null ? t("hoursOpen") : t("hours", { hours: vacancy.hoursPerWeek }),
  });
  if (vacancy.tags.length > 0) {
    rows.push({
      label: t("tags"),
      value: vacancy.tags.map((tag) => tagName(tag, locale)).join(", "),
    });
  }
  return (
    <dl
      className={
        compact
          ? "grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm"
          : "grid grid-cols-[auto_1fr] gap-x-4 gap-y-2"
      }
    >
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className="font-semibold text-neutral-800">{row.label}</dt>
          <dd className="text-neutral-900">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
