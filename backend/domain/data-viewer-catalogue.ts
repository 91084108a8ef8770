import { getTableConfig, type PgColumn, PgTable } from "drizzle-orm/pg-core";
import * as schema from "../db/schema";

/**
 * What the superadmins' data viewer may show (docs/data-viewer.md): an allowlist of tables
 * and columns derived from the Drizzle schema, minus a deny rule. Only tenant tables
 * (those with `tenant_id`) are listed, and their rows are always filtered by the request's
 * tenant; the global tables (tenants) are not shown at all.
 *
 * A column is never shown when its name looks secret (SECRET_COLUMN: password digests,
 * token digests, reset/confirmation/invitation/unlock/deletion tokens, calendar and
 * unsubscribe tokens, anything `*_token*`, `*digest*`, `encrypted_*`, devise's `tokens`), or
 * when it holds secrets under an innocent name (SECRET_CONTENT: a queued mail's payload and
 * an outbox mail's text carry links with tokens; a data export's content is a person's whole
 * file). tests/unit/backend/data-viewer-catalogue.test.ts walks every column of every table.
 */

export const SECRET_COLUMN = /token|digest|^encrypted_|password|secret|^tokens$/i;

const SECRET_CONTENT: Readonly<Record<string, readonly string[]>> = {
  jobs: ["payload"],
  mail_outbox: ["text", "html"],
  data_exports: ["content"],
};

/** Column types a table cell can show; tsvectors and the like are left out. */
const SHOWN_TYPES = new Set(["string", "number", "boolean", "date", "json", "array", "bigint"]);

export type TViewerColumn = {
  name: string;
  /** Drizzle's data type: string, number, boolean, date, json, array, bigint. */
  type: string;
  /** Text columns are searched with `q`. */
  searchable: boolean;
  column: PgColumn;
};

export type TViewerTable = {
  name: string;
  table: PgTable;
  tenantColumn: PgColumn;
  /** The column the default order and a row's id use: `id` where there is one. */
  idColumn: PgColumn | null;
  columns: TViewerColumn[];
};

export function isDeniedColumn(table: string, column: string): boolean {
  return SECRET_COLUMN.test(column) || (SECRET_CONTENT[table]?.includes(column) ?? false);
}

function build(): Map<string, TViewerTable> {
  const tables = new Map<string, TViewerTable>();
  for (const value of Object.values(schema)) {
    if (!(value instanceof PgTable)) continue;
    const config = getTableConfig(value);
    const tenantColumn = config.columns.find((c) => c.name === "tenant_id");
    if (!tenantColumn) continue;
    const columns = config.columns
      .filter((c) => SHOWN_TYPES.has(c.dataType) && !isDeniedColumn(config.name, c.name))
      .map((c) => ({
        name: c.name,
        type: c.dataType,
        searchable: c.dataType === "string",
        column: c,
      }));
    tables.set(config.name, {
      name: config.name,
      table: value,
      tenantColumn,
      idColumn: config.columns.find((c) => c.name === "id") ?? null,
      columns,
    });
  }
  return new Map([...tables.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

/** The allowlist, built once from the schema. */
export const VIEWER_TABLES: ReadonlyMap<string, TViewerTable> = build();
