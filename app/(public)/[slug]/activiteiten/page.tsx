import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ActivitiesOverview } from "@/components/activities/activities-overview";
import { withInterruptMetadata, withInterruptScreens } from "@/components/errors/interrupt-page";
import { Breadcrumb } from "@/components/public/breadcrumb";
import { PageTitle } from "@/components/ui/page-title";
import { dayOf } from "@/lib/activities/calendar";
import { listHref, listParams, type TSearchParams } from "@/lib/activities/list-params";
import { loadActivities, loadDesk, requireActivities } from "@/lib/activities/load";
import { publicMetadata } from "@/lib/seo/public-metadata";
import { getSiteOrigin } from "@/lib/seo/site-origin";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<TSearchParams> };

/** /:balie/activiteiten (spec §2, public): the desk's upcoming activities (docs/activities.md). */
export const generateMetadata = withInterruptMetadata(
  async ({ params, searchParams }: Props): Promise<Metadata> => {
    await requireActivities();
    const { slug } = await params;
    const desk = await loadDesk(slug);
    const t = await getTranslations("deskPages");
    const query = listParams(await searchParams, dayOf(new Date()));
    return publicMetadata({
      title: t("activitiesTitle", { name: desk.azcName }),
      path: listHref(
        `/${desk.slug}/activiteiten`,
        { ...query, q: "", fromGiven: false },
        query.page,
      ),
      noIndex: query.q !== "" || query.fromGiven,
    });
  },
);

export default withInterruptScreens(async function DeskActivitiesPage({
  params,
  searchParams,
}: Props) {
  await requireActivities();
  const { slug } = await params;
  const query = listParams(await searchParams, dayOf(new Date()));
  const t = await getTranslations("deskPages");
  const [desk, origin] = await Promise.all([loadDesk(slug), getSiteOrigin()]);
  const data = await loadActivities({
    from: query.from,
    q: query.q,
    page: query.page,
    desk: desk.slug,
  });
  const path = `/${desk.slug}/activiteiten`;
  return (
    <>
      <Breadcrumb
        items={[
          { label: t("home"), href: "/" },
          { label: desk.azcName, href: `/${desk.slug}/welkom` },
          { label: t("activities") },
        ]}
        origin={origin}
      />
      <PageTitle>{t("activitiesTitle", { name: desk.azcName })}</PageTitle>
      <ActivitiesOverview
        path={path}
        params={query}
        data={data}
        hrefFor={(activity) => `${path}/${activity.id}`}
      />
    </>
  );
});
