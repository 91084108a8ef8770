/**
 * What the api and the web both know about signing up for an activity
 * (docs/activity-registrations.md).
 */

/** Signed up; on the waiting list of a full activity; or cancelled (kept for the record). */
export const REGISTRATION_STATUSES = ["registered", "waitlisted", "cancelled"] as const;
export type TRegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const REGISTRATION_LIMITS = {
  /** The most minutes one attendance may record: a long day. */
  maxMinutes: 24 * 60,
} as const;
