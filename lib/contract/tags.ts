/**
 * What the api and the web both know about the tenant's tag vocabulary (docs/tags.md).
 */

export const TAG_LIMITS = {
  /** The Dutch and the English name. */
  nameMax: 100,
  /** The slug, the value in URLs (`?tags=sport`). */
  slugMax: 80,
} as const;

/** A slug: lower-case ASCII letters and digits in words joined by single dashes. */
export const TAG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Statuses the back office filters on: on offer, or archived. */
export const TAG_STATUSES = ["active", "archived"] as const;
export type TTagStatus = (typeof TAG_STATUSES)[number];
