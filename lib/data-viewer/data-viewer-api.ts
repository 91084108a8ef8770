import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "@/lib/api";
import type { TPaged } from "@/lib/api/paged";
import { type Query, serializeQuery } from "@/lib/api/query-string";
import type { TListSpec, TListState } from "@/lib/lists/list-state";
import { sortValue } from "@/lib/lists/list-state";
import { dataViewerKeys } from "./data-viewer-keys";

/**
 * /admin/data-viewer (docs/data-viewer.md) on GET /api/v1/data_viewer/tables, …/:table/rows
 * and …/:table/export. The api decides which tables and columns exist; the page shows what
 * it is given.
 */

const BASE = "/api/v1/data_viewer/tables";

export type TViewerColumn = { name: string; type: string; searchable: boolean };
export type TViewerTable = { id: string; name: string; columns: TViewerColumn[] };
export type TViewerRow = { id: string; values: (string | number | boolean | null)[] };
export type TViewerPage = TPaged<TViewerRow> & { columns: string[] };

export function dataViewerTablesQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: dataViewerKeys.tables(),
    queryFn: async ({ signal }) => (await client.get<TViewerTable[]>(BASE, { signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

const tablePath = (table: string) => `${BASE}/${encodeURIComponent(table)}`;

export function dataViewerRowsQuery(table: string, query: Query, client: ApiClient = api) {
  return queryOptions({
    queryKey: dataViewerKeys.rows(table, query),
    queryFn: async ({ signal }): Promise<TViewerPage> => {
      const response = await client.get<TViewerRow[]>(`${tablePath(table)}/rows`, {
        query,
        signal,
      });
      const raw = (response.meta?.pagination ?? {}) as {
        records?: number;
        current?: number;
        last?: number;
      };
      const columns = Array.isArray(response.meta?.columns)
        ? (response.meta.columns as string[])
        : [];
      return {
        rows: response.data,
        columns,
        pagination: {
          current: raw.current ?? 1,
          records: raw.records ?? response.data.length,
          ...(raw.last === undefined ? {} : { last: raw.last }),
        },
      };
    },
    placeholderData: keepPreviousData,
  });
}

/** The list's spec for one table: its columns sort, newest id first where there is one. */
export function viewerListSpec(
  tables: readonly TViewerTable[],
  table: TViewerTable | undefined,
): TListSpec<string, "table"> {
  const names = table?.columns.map((c) => c.name) ?? [];
  const first = names.includes("id") ? "id" : (names[0] ?? "id");
  return {
    sortable: names,
    defaultSort: { field: first, direction: names.includes("id") ? "desc" : "asc" },
    filters: { table: tables.map((t) => t.name) },
  };
}

export function viewerRowsQuery(state: TListState<string, "table">): Query {
  return {
    ...(state.q ? { q: state.q } : {}),
    sort: sortValue(state.sort),
    page: { number: state.page, size: state.size },
  };
}

/** The export's address, through the BFF: the same search and order, every page. */
export function viewerExportHref(table: string, state: TListState<string, "table">): string {
  const query = serializeQuery({ ...(state.q ? { q: state.q } : {}), sort: sortValue(state.sort) });
  return `${tablePath(table)}/export${query ? `?${query}` : ""}`;
}
