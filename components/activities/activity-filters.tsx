import { useTranslations } from "next-intl";
import { buttonClassName } from "@/components/ui/button";

type Props = { action: string; q: string; from: string };

const inputClass =
  "min-h-11 rounded-shape border-2 border-neutral-500 bg-white px-3 py-2 text-base text-neutral-900";

/** A plain GET form: filtering works without JavaScript and lands in the URL. */
export function ActivityFilters({ action, q, from }: Props) {
  const t = useTranslations("activities");
  return (
    <search aria-label={t("filtersLabel")} className="mb-6 block">
      <form action={action} method="get" className="flex flex-wrap items-end gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor="activity-q" className="font-semibold">
            {t("searchLabel")}
          </label>
          <input id="activity-q" name="q" type="search" defaultValue={q} className={inputClass} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="activity-from" className="font-semibold">
            {t("fromLabel")}
          </label>
          <input
            id="activity-from"
            name="from"
            type="date"
            defaultValue={from}
            className={inputClass}
          />
        </div>
        <button type="submit" className={buttonClassName({ size: "sm", className: "min-h-11" })}>
          {t("submit")}
        </button>
      </form>
    </search>
  );
}
