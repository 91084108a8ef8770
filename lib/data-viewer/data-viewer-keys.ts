import type { Query } from "@/lib/api/query-string";

/** Query keys of the data viewer (docs/data-viewer.md). */
export const dataViewerKeys = {
  all: ["data_viewer"] as const,
  tables: () => [...dataViewerKeys.all, "tables"] as const,
  rows: (table: string, query: Query = {}) =>
    [...dataViewerKeys.all, "rows", table, query] as const,
};
