import { ActivityAdd } from "@/components/activities/activity-add";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("activity-add");

/**
 * /activiteitenkalender/overzicht/nieuw (login-required; docs/activity-form.md): add an
 * activity or a weekly series. The form works in the browser through the BFF; who may is
 * decided there (403 screen) and by the api.
 */
export default async function ActivityAddPage() {
  await requireSession("/activiteitenkalender/overzicht/nieuw");
  return <ActivityAdd />;
}
