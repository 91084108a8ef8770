import type { Query } from "@/lib/api/query-string";

/**
 * Query keys of the form builder (docs/form-builder.md): the managed forms, one form with
 * its versions and its submissions. A form's change invalidates `detail(id)` (its versions
 * and submissions are under it) and `lists()`.
 */
export const formBuilderKeys = {
  all: ["managed-forms"] as const,
  lists: () => [...formBuilderKeys.all, "list"] as const,
  list: (query: Query = {}) => [...formBuilderKeys.lists(), query] as const,
  detail: (id: string) => [...formBuilderKeys.all, "detail", id] as const,
  versions: (id: string) => [...formBuilderKeys.detail(id), "versions"] as const,
  submissions: (id: string, query: Query = {}) =>
    [...formBuilderKeys.detail(id), "submissions", query] as const,
  submission: (id: string, submissionId: string) =>
    [...formBuilderKeys.detail(id), "submission", submissionId] as const,
};
