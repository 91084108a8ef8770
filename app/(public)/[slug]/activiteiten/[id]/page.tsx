import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ActivityDetails } from "@/components/activities/activity-details";
import { SignUpSection } from "@/components/activity-registrations/sign-up-section";
import { withInterruptMetadata, withInterruptScreens } from "@/components/errors/interrupt-page";
import { loadActivity, loadDesk, requireActivities } from "@/lib/activities/load";
import { publicMetadata } from "@/lib/seo/public-metadata";
import { absoluteUrl, getSiteOrigin } from "@/lib/seo/site-origin";

type Props = { params: Promise<{ slug: string; id: string }> };

/** The activity if it is this desk's; another desk's (or none) is a 404. */
async function deskActivity(slug: string, id: string) {
  const [desk, activity] = await Promise.all([loadDesk(slug), loadActivity(id)]);
  if (activity.desk?.slug?.toLowerCase() !== desk.slug.toLowerCase()) notFound();
  return { desk, activity };
}

/**
 * /:balie/activiteiten/:id (spec §2, public): an activity of the desk. Its canonical URL
 * is /activiteiten/:id, the same activity's general page.
 */
export const generateMetadata = withInterruptMetadata(
  async ({ params }: Props): Promise<Metadata> => {
    await requireActivities();
    const { slug, id } = await params;
    const { activity } = await deskActivity(slug, id);
    return publicMetadata({
      title: activity.title,
      description: activity.summary,
      path: `/activiteiten/${activity.id}`,
      image: activity.imageUrl,
    });
  },
);

export default withInterruptScreens(async function DeskActivityPage({ params }: Props) {
  const tenant = await requireActivities();
  const { slug, id } = await params;
  const t = await getTranslations("deskPages");
  const [{ desk, activity }, origin] = await Promise.all([deskActivity(slug, id), getSiteOrigin()]);
  return (
    <ActivityDetails
      activity={activity}
      crumbs={[
        { label: t("home"), href: "/" },
        { label: desk.azcName, href: `/${desk.slug}/welkom` },
        { label: t("activities"), href: `/${desk.slug}/activiteiten` },
        { label: activity.title },
      ]}
      origin={origin}
      pageUrl={absoluteUrl(origin, `/activiteiten/${activity.id}`)}
      icsHref={`/activiteiten/${activity.id}/agenda.ics`}
      siteName={tenant.displayName}
      signUp={
        <SignUpSection activity={activity} path={`/${desk.slug}/activiteiten/${activity.id}`} />
      }
    />
  );
});
