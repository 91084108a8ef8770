import { Suspense } from "react";
import { ActivityOverviewList } from "@/components/activities/activity-overview-list";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("activity-calendar-overview");

/**
 * /activiteitenkalender/overzicht (spec §2, login-required; docs/activity-overview.md): the
 * activities the signed-in user runs. Loads in the browser through the BFF; the api decides
 * whose they are.
 */
export default async function ActivityOverviewRoute() {
  await requireSession("/activiteitenkalender/overzicht");
  return (
    <Suspense fallback={null}>
      <ActivityOverviewList />
    </Suspense>
  );
}
