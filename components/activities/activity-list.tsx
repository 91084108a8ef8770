import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { isWorkshop, placeLine, type TActivity } from "@/lib/activities/types";
import { ActivityWhen } from "./activity-when";
import { CancelledBadge } from "./cancelled-badge";
import { WorkshopBadge } from "./workshop-badge";

type Props = {
  activities: TActivity[];
  /** The page of an activity (general or within a desk). */
  hrefFor: (activity: TActivity) => string;
  /** Heading level of each item's title, to keep headings in order. */
  headingLevel?: 2 | 3;
  /** More of an item, below it (the sign-up on /workshops). */
  after?: (activity: TActivity) => ReactNode;
};

/** Activities as a list of cards: date and time, place, organiser, cancelled badge. */
export function ActivityList({ activities, hrefFor, headingLevel = 2, after }: Props) {
  const t = useTranslations("activities");
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="grid gap-4">
      {activities.map((activity) => {
        const cancelled = activity.status === "cancelled";
        const place = activity.online
          ? t("online")
          : [activity.locationName, activity.city].filter(Boolean).join(", ") ||
            placeLine(activity);
        return (
          <li
            key={activity.id}
            className="rounded-shape border-2 border-neutral-200 bg-white p-4"
            data-testid="activity-item"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <Heading className="text-xl font-semibold">
                <Link href={hrefFor(activity)} className={cancelled ? "line-through" : undefined}>
                  {activity.title}
                </Link>
              </Heading>
              <span className="flex flex-wrap gap-2">
                {isWorkshop(activity) ? <WorkshopBadge /> : null}
                {cancelled ? <CancelledBadge /> : null}
              </span>
            </div>
            <p className="mt-1 text-neutral-800">
              <ActivityWhen activity={activity} />
            </p>
            {place ? <p className="text-neutral-800">{place}</p> : null}
            {activity.organization ? (
              <p className="text-neutral-700">
                {t("organiser", { name: activity.organization.name })}
              </p>
            ) : null}
            {activity.summary ? <p className="mt-2">{activity.summary}</p> : null}
            {after?.(activity)}
          </li>
        );
      })}
    </ul>
  );
}
