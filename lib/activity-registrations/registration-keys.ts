/**
 * Query keys of signing up for activities (STYLE.md: per-feature factory, never inline).
 * Every key starts with `all`, so a change can reach exactly this feature's data.
 */
export const registrationKeys = {
  all: ["activity-registrations"] as const,
  /** The caller's live registrations and minutes this year (/profiel, "Je inzet"). */
  mine: () => [...registrationKeys.all, "mine"] as const,
  /** The caller's live registration for one activity, or null (the island on its page). */
  forActivity: (activityId: string) =>
    [...registrationKeys.all, "for-activity", activityId] as const,
  /** An activity's people, for those who run it (/mijn-balie). */
  people: (activityId: string) => [...registrationKeys.all, "people", activityId] as const,
  /** One of the caller's places with its activity, for a workshop's certificate. */
  certificate: (registrationId: string) =>
    [...registrationKeys.all, "certificate", registrationId] as const,
  /** All of an activity's people, every page (the attendee list and its CSV). */
  attendees: (activityId: string) => [...registrationKeys.all, "attendees", activityId] as const,
};
