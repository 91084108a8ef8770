import { Suspense } from "react";
import { ActivityAttendees } from "@/components/activity-attendees/activity-attendees";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("activity-attendees");

/**
 * /activiteitenkalender/overzicht/:id/deelnemers (login-required; docs/activity-attendees.md):
 * an activity's attendee list, its attendance and its CSV. Loads in the browser through the
 * BFF; the api decides who may see the people.
 */
export default async function ActivityAttendeesRoute({
  params,
}: {
  params: Promise<{ id: string }>;
}) {
  const { id } = await params;
  await requireSession(`/activiteitenkalender/overzicht/${id}/deelnemers`);
  return (
    <Suspense fallback={null}>
      <ActivityAttendees key={id} id={id} />
    </Suspense>
  );
}
