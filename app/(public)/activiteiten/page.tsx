import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ActivitiesOverview } from "@/components/activities/activities-overview";
import { withInterruptMetadata, withInterruptScreens } from "@/components/errors/interrupt-page";
import { PageTitle } from "@/components/ui/page-title";
import { dayOf } from "@/lib/activities/calendar";
import { listHref, listParams, type TSearchParams } from "@/lib/activities/list-params";
import { loadActivities, requireActivities } from "@/lib/activities/load";
import { publicMetadata } from "@/lib/seo/public-metadata";

type Props = { searchParams: Promise<TSearchParams> };

/**
 * /activiteiten (spec §2, public): upcoming activities of the site's centres, filtered by
 * words and a from date in the URL (docs/activities.md). Rendered on the server.
 */
export const generateMetadata = withInterruptMetadata(
  async ({ searchParams }: Props): Promise<Metadata> => {
    const tenant = await requireActivities();
    const t = await getTranslations("activities");
    const params = listParams(await searchParams, dayOf(new Date()));
    return publicMetadata({
      title: t("title"),
      description: t("metaDescription", { site: tenant.displayName }),
      path: listHref("/activiteiten", { ...params, q: "", fromGiven: false }, params.page),
      noIndex: params.q !== "" || params.fromGiven,
    });
  },
);

export default withInterruptScreens(async function ActivitiesPage({ searchParams }: Props) {
  await requireActivities();
  const t = await getTranslations("activities");
  const params = listParams(await searchParams, dayOf(new Date()));
  const data = await loadActivities({ from: params.from, q: params.q, page: params.page });
  return (
    <>
      <PageTitle
        description={t("intro")}
        actions={<Link href="/activiteitenkalender">{t("calendarLink")}</Link>}
      >
        {t("title")}
      </PageTitle>
      <ActivitiesOverview
        path="/activiteiten"
        params={params}
        data={data}
        hrefFor={(activity) => `/activiteiten/${activity.id}`}
      />
    </>
  );
});
