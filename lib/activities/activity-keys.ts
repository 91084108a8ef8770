/**
 * Query keys of activities read in the browser (STYLE.md: per-feature factory). The pages
 * read activities on the server; the browser only asks for one when its counts must be
 * fresh (the sign-up island) or a registration names it without its title (/profiel).
 */
export const activityKeys = {
  all: ["activities"] as const,
  detail: (id: string) => [...activityKeys.all, "detail", id] as const,
};
