import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ActivityDetails } from "@/components/activities/activity-details";
import { SignUpSection } from "@/components/activity-registrations/sign-up-section";
import { withInterruptMetadata, withInterruptScreens } from "@/components/errors/interrupt-page";
import { loadActivity, requireActivities } from "@/lib/activities/load";
import { publicMetadata } from "@/lib/seo/public-metadata";
import { absoluteUrl, getSiteOrigin } from "@/lib/seo/site-origin";

type Props = { params: Promise<{ id: string }> };

/**
 * /activiteiten/:id (spec §2, public): one published or cancelled activity; else 404. Signing
 * up is a client island (docs/activity-sign-up.md), so the page stays the same for everyone.
 */
export const generateMetadata = withInterruptMetadata(
  async ({ params }: Props): Promise<Metadata> => {
    await requireActivities();
    const { id } = await params;
    const activity = await loadActivity(id);
    return publicMetadata({
      title: activity.title,
      description: activity.summary,
      path: `/activiteiten/${activity.id}`,
      image: activity.imageUrl,
    });
  },
);

export default withInterruptScreens(async function ActivityPage({ params }: Props) {
  const tenant = await requireActivities();
  const { id } = await params;
  const t = await getTranslations("activities");
  const [activity, origin] = await Promise.all([loadActivity(id), getSiteOrigin()]);
  const path = `/activiteiten/${activity.id}`;
  return (
    <ActivityDetails
      activity={activity}
      crumbs={[
        { label: t("home"), href: "/" },
        { label: t("title"), href: "/activiteiten" },
        { label: activity.title },
      ]}
      origin={origin}
      pageUrl={absoluteUrl(origin, path)}
      icsHref={`${path}/agenda.ics`}
      siteName={tenant.displayName}
      signUp={<SignUpSection activity={activity} path={path} />}
    />
  );
});
