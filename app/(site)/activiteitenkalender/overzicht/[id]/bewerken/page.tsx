import { ActivityEdit } from "@/components/activities/activity-edit";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("activity-edit");

/**
 * /activiteitenkalender/overzicht/:id/bewerken (login-required; docs/activity-form.md). The
 * activity loads in the browser through the BFF: a draft is only visible to those who run
 * it, and the api's refusals show as the error screens.
 */
export default async function ActivityEditPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireSession(`/activiteitenkalender/overzicht/${id}/bewerken`);
  return <ActivityEdit key={id} id={id} />;
}
