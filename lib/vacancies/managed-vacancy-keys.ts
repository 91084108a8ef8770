import type { Query } from "@/lib/api/query-string";

/**
 * Query keys of the back office's vacancies (GET /api/v1/managed_vacancies and /:id), one
 * factory for the list, the bulk edit and the editor, so a save invalidates what shows it.
 */
export const managedVacancyKeys = {
  all: ["managed-vacancies"] as const,
  lists: () => [...managedVacancyKeys.all, "list"] as const,
  list: (query: Query = {}) => [...managedVacancyKeys.lists(), query] as const,
  detail: (id: string) => [...managedVacancyKeys.all, "detail", id] as const,
};
