/**
 * What the api and the web both know about the volunteer pool (docs/volunteer-pool.md):
 * the invitation a centre's staff send a volunteer for one of the centre's open vacancies,
 * and its limits. GET /api/v1/volunteer_pool lists the volunteers who opted in;
 * POST /api/v1/pool_invitations asks one; PUT /api/v1/pool_invitations/:id/transition
 * accepts (an application is made) or declines.
 */

/** pending until the volunteer answers; withdrawn when the vacancy closes first. */
export const POOL_INVITATION_STATUSES = ["pending", "accepted", "declined", "withdrawn"] as const;
export type TPoolInvitationStatus = (typeof POOL_INVITATION_STATUSES)[number];

export const POOL_INVITATION_EVENTS = ["accept", "decline"] as const;
export type TPoolInvitationEvent = (typeof POOL_INVITATION_EVENTS)[number];

export const POOL_LIMITS = {
  /** The personal note sent with an invitation. */
  message: 1000,
  /** The words searched for. */
  query: 200,
  /** The largest distance filter, in kilometres. */
  radiusKm: 100,
} as const;
