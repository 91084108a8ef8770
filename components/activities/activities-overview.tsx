import { useTranslations } from "next-intl";
import { Pagination } from "@/components/lists/pagination";
import { listHref } from "@/lib/activities/list-params";
import type { TActivityPage } from "@/lib/activities/load";
import type { TActivity } from "@/lib/activities/types";
import { ActivityFilters } from "./activity-filters";
import { ActivityList } from "./activity-list";

type Props = {
  path: string;
  params: { q: string; from: string; fromGiven: boolean };
  data: TActivityPage;
  hrefFor: (activity: TActivity) => string;
};

/** The filters, the list, its count, paging and the empty state of an activity list page. */
export function ActivitiesOverview({ path, params, data, hrefFor }: Props) {
  const t = useTranslations("activities");
  const filtered = params.q !== "" || params.fromGiven;
  return (
    <>
      <ActivityFilters action={path} q={params.q} from={params.from} />
      <p className="mb-4 text-neutral-800" aria-live="polite">
        {t("count", { count: data.records })}
      </p>
      {data.activities.length === 0 ? (
        <div className="rounded-shape border-2 border-dashed border-neutral-300 p-6">
          <p className="font-semibold">{t("empty")}</p>
          {filtered ? (
            <p className="mt-2">
              <a href={path}>{t("reset")}</a>
            </p>
          ) : null}
        </div>
      ) : (
        <ActivityList activities={data.activities} hrefFor={hrefFor} />
      )}
      <div className="mt-6">
        <Pagination
          current={data.page}
          last={data.last}
          hrefFor={(page) => listHref(path, params, page)}
        />
      </div>
    </>
  );
}
