/**
 * Query keys of the applications feature (STYLE.md: per-feature factory, never inline).
 * Every key starts with `all`, so a change can reach exactly this feature's data.
 */
import type { Query } from "@/lib/api/query-string";

export const applicationKeys = {
  all: ["applications"] as const,
  lists: () => [...applicationKeys.all, "list"] as const,
  /** /applications: one page of one scope, filters and order. */
  list: (query: Query) => [...applicationKeys.lists(), query] as const,
  details: () => [...applicationKeys.all, "detail"] as const,
  detail: (id: string) => [...applicationKeys.details(), id] as const,
  /** The caller's latest application to one vacancy (the apply island on /vacancies/:id). */
  forVacancy: (vacancyId: string) => [...applicationKeys.all, "for-vacancy", vacancyId] as const,
};
