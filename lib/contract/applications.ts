/**
 * What the api and the web both know about applications (docs/status-machines.md,
 * "Applications"): the statuses an application passes through and the events a person may
 * ask for through PUT /api/v1/applications/:id/transition.
 */

export const APPLICATION_STATUSES = [
  "new",
  "in_conversation",
  "accepted",
  "declined",
  "withdrawn",
  "closed",
] as const;
export type TApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Still waiting for an outcome: the statuses a vacancy's closing ends. */
export const OPEN_APPLICATION_STATUSES: readonly TApplicationStatus[] = ["new", "in_conversation"];

/** The events the transition endpoint takes; replying and closing happen by themselves. */
export const APPLICATION_EVENTS = ["accept", "decline", "withdraw"] as const;
export type TApplicationEvent = (typeof APPLICATION_EVENTS)[number];

/** A motivation is a short note, not a letter: about a page. */
export const APPLICATION_LIMITS = { motivation: 2000 } as const;

/**
 * Why POST /api/v1/applications refused, as the 422's `code` on
 * `/data/relationships/vacancy`: the vacancy no longer takes applications (closed, archived
 * or past its closing date), or the caller already has an open application to it (its id in
 * the error's `meta.application_id`).
 */
export const APPLICATION_REFUSALS = ["vacancy_closed", "already_applied"] as const;
export type TApplicationRefusal = (typeof APPLICATION_REFUSALS)[number];

/**
 * Which applications GET /api/v1/applications lists (`filter[scope]`): `own` the caller's
 * own, `managed` those to vacancies the caller manages (organisation staff: their
 * organisation's; centre admins: their centre's organisations'); without it, both.
 */
export const APPLICATION_SCOPES = ["own", "managed"] as const;
export type TApplicationScope = (typeof APPLICATION_SCOPES)[number];

/** The list's page sizes and sort keys (`sort=-created_at` is the default). */
export const APPLICATION_SORTS = ["created_at", "status_changed_at"] as const;
