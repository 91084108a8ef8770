import type { ApiClient } from "@/lib/api";
import { isApiError } from "@/lib/api/errors";
import type { TVacancyStatusName } from "@/lib/contract/vacancies";
import type { TManagedVacancy } from "./managed-vacancy-types";

/**
 * The bulk edit's call (docs/vacancy-writes.md, "Bulk edit") and the reading of a 422's
 * refusals, which name the vacancies they are about. One vacancy's calls are in
 * managed-vacancy-api.ts.
 */

/** What a bulk update changes on every vacancy it names (lib/contract ZVacancyBulkChanges). */
export type TBulkChanges = {
  status?: TVacancyStatusName;
  closesOn?: string | null;
  contactPersonId?: string | null;
  applicationFormId?: string | null;
  addTagIds?: string[];
  removeTagIds?: string[];
};

type TFromTo<T> = { from: T; to: T };
/** One vacancy's changes in the answer; `{}` where nothing would change. */
export type TBulkVacancyChange = {
  id: string;
  title: string;
  changes: {
    status?: TFromTo<TVacancyStatusName>;
    closesOn?: TFromTo<string | null>;
    contactPersonId?: TFromTo<number | string | null>;
    applicationFormId?: TFromTo<number | string | null>;
    tagIds?: TFromTo<(number | string)[]>;
  };
};
export type TBulkResult = {
  preview: boolean;
  changedCount: number;
  closedApplications: number;
  changes: TBulkVacancyChange[];
};

/**
 * POST /api/v1/vacancies/bulk_update: every check for every vacancy first, all or nothing;
 * `preview` answers what would change and writes nothing.
 */
export async function bulkUpdateVacancies(
  client: ApiClient,
  ids: readonly string[],
  changes: TBulkChanges,
  preview: boolean,
): Promise<TBulkResult> {
  const response = await client.post<TManagedVacancy[]>("/api/v1/vacancies/bulk_update", {
    data: { type: "vacancy_bulk_updates", attributes: { ids, changes } },
    meta: { preview },
  });
  const meta = (response.meta ?? {}) as Partial<TBulkResult>;
  return {
    preview: meta.preview === true,
    changedCount: meta.changedCount ?? 0,
    closedApplications: meta.closedApplications ?? 0,
    changes: (meta.changes ?? []).map((change) => ({ ...change, id: String(change.id) })),
  };
}

/** A refusal of the api in a 422: its code, what it points at, and the vacancies it names. */
export type TRefusal = { code: string; pointer: string; detail: string; vacancyIds: string[] };

/** The 422's errors, with `meta.vacancy_id` / `meta.ids` (kept on the error's raw list). */
export function refusalsOf(error: unknown): TRefusal[] {
  if (!isApiError(error) || error.statusCode !== 422 || !Array.isArray(error.raw)) return [];
  return error.raw.map((item: unknown) => {
    const entry = (item ?? {}) as {
      code?: unknown;
      detail?: unknown;
      source?: { pointer?: unknown };
      meta?: { vacancy_id?: unknown; ids?: unknown };
    };
    const ids: string[] = [];
    if (entry.meta?.vacancy_id !== undefined) ids.push(String(entry.meta.vacancy_id));
    if (Array.isArray(entry.meta?.ids)) ids.push(...entry.meta.ids.map(String));
    return {
      code: typeof entry.code === "string" ? entry.code : "",
      pointer: typeof entry.source?.pointer === "string" ? entry.source.pointer : "",
      detail: typeof entry.detail === "string" ? entry.detail : "",
      vacancyIds: ids,
    };
  });
}
