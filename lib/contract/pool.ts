import { z } from "zod";

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

/**
 * How GET /api/v1/volunteer_pool orders (docs/volunteer-pool.md): `best_match` (the default)
 * by how many of the asked interests, slots and languages a volunteer has, less a tenth per
 * km when a place was given; `distance` nearest first (needs `filter[near]`);
 * `least_recently_asked` never asked first, then longest ago, so the same people are not
 * asked every time.
 */
export const POOL_SORTS = ["best_match", "distance", "least_recently_asked"] as const;
export type TPoolSort = (typeof POOL_SORTS)[number];

/** The filters the pool search takes, each `filter[<name>]`. */
export const POOL_FILTERS = [
  "q",
  "tags",
  "availability",
  "near",
  "distance",
  "languages",
  "active_within",
  "id",
] as const;

export const POOL_DEFAULTS = {
  /** km around `filter[near]` when no distance is given. */
  radiusKm: 10,
  pageSize: 20,
  maxPageSize: 100,
  /** The longest "active within" the filter takes: about ten years of days. */
  maxActiveWithinDays: 3650,
} as const;

/** The "active within" choices the web offers, in days. */
export const POOL_ACTIVE_WITHIN_CHOICES = [30, 90, 365] as const;

/** The distances the web offers, in km. */
export const POOL_DISTANCE_CHOICES = [5, 10, 25, 50, 100] as const;

/** The invitation's input: an optional personal note (the default text is the api's). */
export const ZPoolInvitationInput = z.object({
  message: z
    .string()
    .trim()
    .max(POOL_LIMITS.message)
    // PostgreSQL text holds no NUL: refused as a 422 here, not a 500 there.
    .refine((value) => !value.includes("\u0000"), { message: "is invalid" })
    .default(""),
});
export type TPoolInvitationInput = z.infer<typeof ZPoolInvitationInput>;

/** Why POST /api/v1/pool_invitations or an accept refused, as the 422's `code`. */
export const POOL_INVITATION_REFUSALS = [
  "not_in_pool",
  "vacancy_closed",
  "already_invited",
  "already_applied",
] as const;
