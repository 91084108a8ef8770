import { getTranslations } from "next-intl/server";
import { withInterruptScreens } from "@/components/errors/interrupt-page";
import { PageTitle } from "@/components/ui/page-title";
import { MyWorkshops } from "@/components/workshops/my-workshops";
import { UpcomingWorkshops } from "@/components/workshops/upcoming-workshops";
import { dayOf } from "@/lib/activities/calendar";
import { loadActivities, requireActivities } from "@/lib/activities/load";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("workshops");

// A year of trainings is a few dozen at most; one page of them is the whole list.
const UPCOMING_PAGE_SIZE = 100;

/**
 * /workshops (spec §2, login-required; docs/workshops.md): the trainings for volunteers of
 * the site, to sign up for, and the caller's own with their certificates. The workshops are
 * public activities and render on the server; the caller's places load in the browser
 * (decisions.md: server components never call authenticated api endpoints). spec §1: not
 * where the tenant has no activities (404), as the activity pages.
 */
export default withInterruptScreens(async function WorkshopsRoute() {
  await requireActivities();
  await requireSession("/workshops");
  const t = await getTranslations("workshops");
  const upcoming = await loadActivities({
    from: dayOf(new Date()),
    kind: "workshop",
    size: UPCOMING_PAGE_SIZE,
  });
  return (
    <>
      <PageTitle description={t("intro")}>{t("title")}</PageTitle>
      <div className="flex flex-col gap-10">
        <UpcomingWorkshops workshops={upcoming.activities} />
        <MyWorkshops />
      </div>
    </>
  );
});
