"use client";

import { useTranslations } from "next-intl";
import { ButtonLink } from "@/components/ui/button";
import type { TManagedActivity } from "@/lib/activities/managed-activity-list";

/**
 * The overview's row action to an activity's attendee list. A draft has nobody yet (nobody
 * can sign up for it), and the attendee page reads the activity as the site shows it.
 */
export function AttendeesLink({
  activity,
}: {
  activity: Pick<TManagedActivity, "id" | "title" | "status">;
}) {
  const t = useTranslations("activityAttendees");
  if (activity.status === "draft") return null;
  return (
    <ButtonLink
      size="sm"
      variant="outline"
      href={`/activiteitenkalender/overzicht/${encodeURIComponent(activity.id)}/deelnemers`}
    >
      {t("rowAction")}
      <span className="sr-only"> {activity.title}</span>
    </ButtonLink>
  );
}
