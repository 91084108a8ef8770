import type { TActivity } from "@/lib/activities/types";
import type { TActivityRegistration } from "@/lib/activity-registrations/registration-types";

/**
 * "Mijn workshops" and the certificate (docs/workshops.md), from the caller's live places
 * (GET /activity_registrations?filter[mine]=true&include=activity): the api includes each
 * place's activity with its kind, so the workshops are picked here.
 */

/** Where the caller stands at a workshop, as the list says it. */
export type TWorkshopState =
  /** A place, the workshop still to come (or under way, attendance not marked). */
  | "registered"
  | "waitlisted"
  /** Marked present: the certificate is there. */
  | "attended"
  /** Marked absent. */
  | "absent"
  /** Begun, with a place, and attendance not (yet) marked. */
  | "unrecorded";

export type TWorkshopActivity = Partial<TActivity> & {
  id: string;
  title?: string;
  startsAt?: string;
  /** The centre that gives the certificate (the api's included activity). */
  volunteerCenterName?: string | null;
};

export type TWorkshopRegistration = Omit<TActivityRegistration, "activity"> & {
  /** The holder's own name and address, which the api shows them. */
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  activity?: TWorkshopActivity;
};

export type TMyWorkshop = {
  registration: TWorkshopRegistration;
  activity: TWorkshopActivity & { title: string; startsAt: string };
  state: TWorkshopState;
};

function stateOf(registration: TWorkshopRegistration, begun: boolean): TWorkshopState {
  if (registration.attended === true) return "attended";
  if (registration.attended === false) return "absent";
  if (registration.status === "waitlisted") return "waitlisted";
  return begun ? "unrecorded" : "registered";
}

/**
 * The caller's workshops: those still to come first, soonest first, then those that began,
 * the latest first. A place whose activity the api did not include is left out: without its
 * kind it cannot be told to be a workshop (it is on /profiel either way).
 */
export function myWorkshops(registrations: TWorkshopRegistration[], now: number): TMyWorkshop[] {
  const rows: TMyWorkshop[] = [];
  for (const registration of registrations) {
    const activity = registration.activity;
    if (activity?.kind !== "workshop" || !activity.title || !activity.startsAt) continue;
    const begun = Date.parse(activity.startsAt) <= now;
    rows.push({
      registration,
      activity: { ...activity, title: activity.title, startsAt: activity.startsAt },
      state: stateOf(registration, begun),
    });
  }
  const at = (row: TMyWorkshop) => Date.parse(row.activity.startsAt);
  const upcoming = rows.filter((row) => at(row) > now).sort((a, b) => at(a) - at(b));
  const past = rows.filter((row) => at(row) <= now).sort((a, b) => at(b) - at(a));
  return [...upcoming, ...past];
}

export const certificatePath = (registrationId: string) =>
  `/workshops/${encodeURIComponent(registrationId)}/certificaat`;

export type TCertificate = {
  name: string;
  title: string;
  activity: TWorkshopActivity & { startsAt: string };
  /** Null when the organisers recorded attendance without minutes (an older row). */
  hours: number | null;
  centre: string | null;
};

/**
 * The certificate of a place, or null when there is none to give: only to its holder (the
 * api also shows a place to those who run the activity), only of a workshop, and only when
 * they were marked present.
 */
export function certificateOf(
  registration: TWorkshopRegistration,
  userId: string | null | undefined,
): TCertificate | null {
  const activity = registration.activity;
  if (userId === null || userId === undefined) return null;
  if (String(registration.userId) !== String(userId)) return null;
  if (registration.attended !== true) return null;
  if (activity?.kind !== "workshop" || !activity.title || !activity.startsAt) return null;
  const name =
    [registration.firstName, registration.lastName].filter(Boolean).join(" ") ||
    registration.email ||
    "";
  return {
    name,
    title: activity.title,
    activity: { ...activity, startsAt: activity.startsAt },
    hours: typeof registration.minutes === "number" ? registration.minutes / 60 : null,
    centre: activity.volunteerCenterName ?? null,
  };
}
