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
