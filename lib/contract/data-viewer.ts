/**
 * The superadmins' data viewer (docs/data-viewer.md), shared by the page and
 * GET /api/v1/data_viewer/tables/:table/rows: paging, the search's length and how many rows
 * one CSV export holds at most.
 */
export const DATA_VIEWER_LIMITS = {
  defaultPageSize: 25,
  maxPageSize: 100,
  search: 100,
  /** Rows in one export; a larger result is cut here and the answer says so. */
  exportRows: 10_000,
} as const;
