import { stringify } from "csv-stringify/sync";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { DATA_VIEWER_LIMITS } from "../../lib/contract/data-viewer";
import { defuseCell } from "../../lib/csv/cells";
import type { AppDb } from "../db/client";
import {
  type TViewerColumn,
  type TViewerTable,
  VIEWER_TABLES,
} from "../domain/data-viewer-catalogue";
import { badRequest, notFound } from "../errors";
import { answer } from "../http/answer";
import { defineRoute } from "../http/define-route";
import { pathParams, queryParams } from "../http/inputs";
import { paginate } from "../jsonapi/pagination";
import { recordAudit } from "../queries/audit-events";
import { viewerRows } from "../queries/data-viewer";

/**
 * The superadmins' read-only data viewer (spec §2 /admin/data-viewer; docs/data-viewer.md):
 * - GET /api/v1/data_viewer/tables: the tenant tables and their shown columns;
 * - GET /api/v1/data_viewer/tables/:table/rows: a page of the tenant's rows, searched in the
 *   text columns (`q`), sorted by a shown column (`sort=name`, `-name`); an unknown table is
 *   a 404, an unknown sort column a 400;
 * - GET /api/v1/data_viewer/tables/:table/export: the same rows (all pages, at most
 *   DATA_VIEWER_LIMITS.exportRows) as CSV.
 * Only the allowlist of backend/domain/data-viewer-catalogue.ts is ever read: no secret
 * column, no global table, no other tenant's row. Every view and export is audited.
 * Everyone but superadmins: 403, signed out 401 (policy data_viewer.*).
 */

const ZTableParams = z.object({ table: z.string().min(1).max(63) });
const page = z.coerce.number().int().min(1).max(1_000_000).optional();
const ZRowsQuery = z.object({
  q: z.string().trim().max(DATA_VIEWER_LIMITS.search).optional(),
  sort: z
    .string()
    .max(70)
    .regex(/^-?[a-z0-9_]+$/)
    .optional(),
  "page[number]": page,
  "page[size]": z.coerce.number().int().min(1).max(DATA_VIEWER_LIMITS.maxPageSize).optional(),
});
const ZExportQuery = ZRowsQuery.omit({ "page[number]": true, "page[size]": true });

const ZColumn = z.object({ name: z.string(), type: z.string(), searchable: z.boolean() });
const ZTables = z.object({
  data: z.array(
    z.object({
      type: z.literal("data_viewer_table"),
      id: z.string(),
      attributes: z.object({ name: z.string(), columns: z.array(ZColumn) }),
    }),
  ),
});
const ZRows = z.object({
  data: z.array(
    z.object({
      type: z.literal("data_viewer_row"),
      id: z.string(),
      attributes: z.object({ values: z.array(z.unknown()) }),
    }),
  ),
  meta: z.object({ columns: z.array(z.string()) }).passthrough(),
});

function tableOf(name: string): TViewerTable {
  const table = VIEWER_TABLES.get(name);
  if (!table) throw notFound();
  return table;
}

function sortOf(table: TViewerTable, sort: string | undefined) {
  if (!sort) return undefined;
  const name = sort.replace(/^-/, "");
  const column = table.columns.find((c) => c.name === name);
  if (!column) throw badRequest(`sort (${sort}) is not a column of ${table.name}`, "sort");
  return { column, direction: sort.startsWith("-") ? ("desc" as const) : ("asc" as const) };
}

/** A cell as the answer carries it: plain JSON scalars, dates as ISO, structures as JSON. */
function cell(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "object") return JSON.stringify(value);
  return value as string | number | boolean;
}

const csvCell = (value: unknown) => {
  const shown = cell(value);
  return shown === null ? "" : defuseCell(String(shown));
};

const columnsOf = (columns: readonly TViewerColumn[]) =>
  columns.map((c) => ({ name: c.name, type: c.type, searchable: c.searchable }));

async function audit(
  tx: AppDb,
  who: { tenantId: number; actorId: number },
  action: "data_table_viewed" | "data_table_exported",
  table: TViewerTable,
  details: Record<string, unknown>,
) {
  await recordAudit(tx, {
    tenantId: who.tenantId,
    actorId: who.actorId,
    action,
    // A table has no record id: 0, and its name as the label.
    subject: { type: "DataTable", id: 0, label: table.name },
    volunteerCenterId: null,
    details: { table: table.name, ...details },
  });
}

export async function dataViewerRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: "GET",
    url: "/data_viewer/tables",
    summary: "Superadmins: the tenant tables the data viewer shows, with their shown columns",
    auth: "signed_in",
    action: "data_viewer.list",
    facts: () => ({}),
    response: ZTables,
    handler: async () => ({
      data: [...VIEWER_TABLES.values()].map((table) => ({
        type: "data_viewer_table" as const,
        id: table.name,
        attributes: { name: table.name, columns: columnsOf(table.columns) },
      })),
    }),
  });

  defineRoute(app, {
    method: "GET",
    url: "/data_viewer/tables/:table/rows",
    summary: "Superadmins: a page of a table's rows of this tenant, searched and sorted (audited)",
    auth: "signed_in",
    params: pathParams(ZTableParams),
    query: queryParams(ZRowsQuery),
    action: "data_viewer.read",
    facts: () => ({}),
    response: ZRows,
    handler: async ({ tx, tenant, actor, params, query, request }) => {
      const table = tableOf(params.table);
      const sort = sortOf(table, query.sort);
      const size = query["page[size]"] ?? DATA_VIEWER_LIMITS.defaultPageSize;
      const number = query["page[number]"] ?? 1;
      const offset = (number - 1) * size;
      const { rows, records } = await viewerRows(tx, tenant.id, table, {
        q: query.q || undefined,
        sort,
        limit: size,
        offset,
      });
      await audit(tx, { tenantId: tenant.id, actorId: actor.id }, "data_table_viewed", table, {
        q: query.q || null,
        sort: query.sort ?? null,
        page: number,
      });
      const paging = paginate(request, { number, size, offset }, records);
      return {
        data: rows.map((row, i) => ({
          type: "data_viewer_row" as const,
          id: String(offset + i + 1),
          attributes: { values: table.columns.map((c) => cell(row[c.name])) },
        })),
        meta: { columns: table.columns.map((c) => c.name), ...paging.meta },
        links: paging.links,
      };
    },
  });

  defineRoute(app, {
    method: "GET",
    url: "/data_viewer/tables/:table/export",
    summary: "Superadmins: a table's rows of this tenant as CSV, searched and sorted (audited)",
    auth: "signed_in",
    params: pathParams(ZTableParams),
    query: queryParams(ZExportQuery),
    action: "data_viewer.export",
    facts: () => ({}),
    contentType: "text/csv; charset=utf-8",
    response: z.string(),
    handler: async ({ tx, tenant, actor, params, query }) => {
      const table = tableOf(params.table);
      const sort = sortOf(table, query.sort);
      const limit = DATA_VIEWER_LIMITS.exportRows;
      const { rows, records } = await viewerRows(tx, tenant.id, table, {
        q: query.q || undefined,
        sort,
        limit,
        offset: 0,
      });
      await audit(tx, { tenantId: tenant.id, actorId: actor.id }, "data_table_exported", table, {
        q: query.q || null,
        sort: query.sort ?? null,
        rows: rows.length,
      });
      const csv = stringify(
        rows.map((row) => table.columns.map((c) => csvCell(row[c.name]))),
        {
          bom: true,
          header: true,
          columns: table.columns.map((c) => defuseCell(c.name)),
          record_delimiter: "windows",
        },
      );
      const day = new Date().toISOString().slice(0, 10);
      return answer(200, csv, {
        contentType: "text/csv; charset=utf-8",
        headers: {
          "content-disposition": `attachment; filename="${table.name}-${day}.csv"`,
          "cache-control": "private, no-store",
          // More rows than one export holds: the file has the first ones in the order asked.
          "x-total-count": String(records),
          ...(records > rows.length ? { "x-truncated": "true" } : {}),
        },
      });
    },
  });
}
