import { dayOf } from "@/lib/activities/calendar";
import type { TActivity } from "@/lib/activities/types";
import type { TActivityRegistration } from "./registration-types";

/**
 * "Je inzet" on /profiel (docs/activity-sign-up.md): the hours given this year and the
 * activities still to come. Pure, so the unit tests and the section share it.
 */

/** What a row needs of its activity. */
export type TCommitmentActivity = Pick<
  TActivity,
  "id" | "title" | "status" | "startsAt" | "endsAt" | "allDay"
>;

export type TCommitmentRow = {
  registration: TActivityRegistration;
  activityId: string;
  /** Null when neither `included` nor a read of its own gave it: a row without a date. */
  activity: TCommitmentActivity | null;
};

export const activityIdOf = (registration: TActivityRegistration): string =>
  String(registration.activity?.id ?? registration.activityId);

/** An activity as `include=activity` merged it in, or null when only its id came. */
function includedActivity(registration: TActivityRegistration): TCommitmentActivity | null {
  const activity = registration.activity;
  if (!activity || typeof activity.title !== "string" || typeof activity.startsAt !== "string")
    return null;
  return activity as TCommitmentActivity;
}

/**
 * The activities to read one by one because the list did not include them. Few: a
 * volunteer's live registrations.
 */
export function activitiesToLookUp(registrations: readonly TActivityRegistration[]): string[] {
  const ids = registrations.filter((r) => !includedActivity(r)).map(activityIdOf);
  return [...new Set(ids)];
}

/**
 * The live registrations whose activity has not ended before today (an Amsterdam day, as
 * the calendar's), soonest first. A registration whose activity could not be read stays,
 * last: hiding a place one holds would be worse than showing it without a date.
 */
export function upcomingRegistrations(
  registrations: readonly TActivityRegistration[],
  lookedUp: ReadonlyMap<string, TCommitmentActivity>,
  today: string,
): TCommitmentRow[] {
  const rows = registrations
    .filter((registration) => registration.status !== "cancelled")
    .map((registration): TCommitmentRow => {
      const activityId = activityIdOf(registration);
      const activity = includedActivity(registration) ?? lookedUp.get(activityId) ?? null;
      return { registration, activityId, activity };
    })
    .filter(({ activity }) => !activity || dayOf(activity.endsAt ?? activity.startsAt) >= today);
  const when = (row: TCommitmentRow) =>
    row.activity ? new Date(row.activity.startsAt).getTime() : Number.POSITIVE_INFINITY;
  return rows.sort((a, b) => (when(a) === when(b) ? 0 : when(a) < when(b) ? -1 : 1));
}

/** Minutes as hours with at most one decimal (90 → 1.5); nothing negative. */
export function hoursGiven(minutes: number): number {
  return Math.max(0, Math.round(minutes / 6) / 10);
}
