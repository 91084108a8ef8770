/**
 * Query keys of the activity feature (STYLE.md: per-feature factory, never inline).
 * Every key starts with `all`, so invalidating `all` reaches all of this feature's data.
 */
export const activityKeys = {
  all: ["activity"] as const,
  /** The toolbar panel: the signed-in user's latest account events. */
  latest: () => [...activityKeys.all, "latest"] as const,
};
