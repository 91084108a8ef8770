import { and, asc, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import type { TViewerColumn, TViewerTable } from "../domain/data-viewer-catalogue";

/**
 * The data viewer's one read (docs/data-viewer.md): a page of a table's rows, only the
 * tenant's, only the allowlisted columns, searched and sorted. Every statement names the
 * tenant itself; row-level security is the second wall.
 */

export type TViewerQuery = {
  q?: string;
  sort?: { column: TViewerColumn; direction: "asc" | "desc" };
  limit: number;
  offset: number;
};

/** `%` and `_` in a search are letters, not wildcards. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function searchCondition(table: TViewerTable, q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  const text = table.columns.filter((c) => c.searchable).map((c) => ilike(c.column, pattern));
  // A number also finds the row with that id.
  if (table.idColumn && /^\d{1,9}$/.test(q)) text.push(eq(table.idColumn, Number(q)));
  return text.length > 0 ? or(...text) : sql`false`;
}

export async function viewerRows(
  db: AppDb,
  tenantId: number,
  table: TViewerTable,
  query: TViewerQuery,
) {
  const where = and(eq(table.tenantColumn, tenantId), searchCondition(table, query.q));
  const selection = Object.fromEntries(table.columns.map((c) => [c.name, c.column]));
  const order = query.sort
    ? [
        query.sort.direction === "desc"
          ? desc(query.sort.column.column)
          : asc(query.sort.column.column),
      ]
    : [];
  // A stable order whatever the sort: the id last (or every shown column, for a join table).
  const tieBreak = table.idColumn
    ? [query.sort ? asc(table.idColumn) : desc(table.idColumn)]
    : table.columns.map((c) => asc(c.column));
  const rows = await db
    .select(selection)
    .from(table.table)
    .where(where)
    .orderBy(...order, ...tieBreak)
    .limit(query.limit)
    .offset(query.offset);
  const records = await db.$count(table.table, where);
  return { rows: rows as Record<string, unknown>[], records };
}
