/**
 * What the api and the web both know about signing up for an activity
 * (docs/activity-registrations.md, docs/activity-sign-up.md).
 */

/** Signed up; on the waiting list of a full activity; or cancelled (kept for the record). */
export const REGISTRATION_STATUSES = ["registered", "waitlisted", "cancelled"] as const;
export type TRegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const REGISTRATION_LIMITS = {
  /** The most minutes one attendance may record: a long day. */
  maxMinutes: 24 * 60,
} as const;

/**
 * Why POST /api/v1/activity_registrations refused, as the 422's `code` on
 * `/data/relationships/activity`: the caller already has a live place (`taken`), or the
 * activity takes none here (not published, cancelled, begun, or signing up happens on
 * another site: `registration_closed`).
 */
export const REGISTRATION_REFUSALS = ["taken", "registration_closed"] as const;
export type TRegistrationRefusal = (typeof REGISTRATION_REFUSALS)[number];

/** Where a refusal of the activity itself points. */
export const REGISTRATION_REFUSAL_POINTER = "/data/relationships/activity";

/**
 * Why DELETE refused, as the 422's `code` on `/data`: the activity has begun, and from then
 * on its attendance is marked instead.
 */
export const CANCEL_REFUSALS = ["started"] as const;
export type TCancelRefusal = (typeof CANCEL_REFUSALS)[number];
