import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DeskWelcome } from "@/components/activities/desk-welcome";
import { withInterruptMetadata, withInterruptScreens } from "@/components/errors/interrupt-page";
import { dayOf } from "@/lib/activities/calendar";
import { plainText } from "@/lib/activities/ics";
import { loadActivities, loadDesk } from "@/lib/activities/load";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import { publicMetadata } from "@/lib/seo/public-metadata";
import { getSiteOrigin } from "@/lib/seo/site-origin";

// The folder is [slug], not [balie]: Next allows one dynamic name per level, and the
// content pages' /:slug (app/(site)/[slug]/page.tsx) shares this level. Here it is a desk.
type Props = { params: Promise<{ slug: string }> };

/**
 * /:balie/welkom (spec §2, public): a desk's welcome page. The proxy already 404s a slug
 * that is no desk of the tenant (lib/routes.ts knownDesk); the api answers 404 as well.
 * Where the tenant has no activities (meedoen) the page shows the welcome without them.
 */
export const generateMetadata = withInterruptMetadata(
  async ({ params }: Props): Promise<Metadata> => {
    const { slug } = await params;
    const desk = await loadDesk(slug);
    const t = await getTranslations("deskPages");
    return publicMetadata({
      title: desk.welcomeTitle || t("welcomeFallback", { name: desk.azcName }),
      description: plainText(desk.welcomeBody).slice(0, 200) || null,
      path: `/${desk.slug}/welkom`,
    });
  },
);

export default withInterruptScreens(async function DeskWelcomePage({ params }: Props) {
  const { slug } = await params;
  const [desk, tenant, origin] = await Promise.all([
    loadDesk(slug),
    getCurrentTenant(),
    getSiteOrigin(),
  ]);
  const activities = tenant.features.activities
    ? (await loadActivities({ from: dayOf(new Date()), desk: desk.slug, size: 5 })).activities
    : null;
  return <DeskWelcome desk={desk} origin={origin} activities={activities} />;
});
