/** Query keys of the signed-in user's volunteer profile (STYLE.md: per-feature factory). */
export const profileKeys = {
  all: ["volunteer-profile"] as const,
  /** GET /api/v1/current_user/volunteer_profile?include=tags. */
  own: () => [...profileKeys.all, "own"] as const,
};
