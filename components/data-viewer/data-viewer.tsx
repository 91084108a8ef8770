"use client";

import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { StaffGate, superadminOnly } from "@/components/auth/staff-gate";
import { ListFilters } from "@/components/lists/list-filters";
import { ListTable, useListPage } from "@/components/lists/list-table";
import { PageTitle } from "@/components/ui/page-title";
import { QueryGate } from "@/components/ui/query-gate";
import {
  dataViewerRowsQuery,
  dataViewerTablesQuery,
  type TViewerRow,
  type TViewerTable,
  viewerExportHref,
  viewerListSpec,
  viewerRowsQuery,
} from "@/lib/data-viewer/data-viewer-api";

/**
 * /admin/data-viewer (spec §2; docs/data-viewer.md): superadmins look at the tenant's
 * tables as they are, read-only. The table, search, order and page live in the URL; the
 * api decides which tables and columns exist (never a secret one) and audits every view and
 * export.
 */
export function DataViewer() {
  return <StaffGate allow={superadminOnly}>{() => <DataViewerTables />}</StaffGate>;
}

function DataViewerTables() {
  const t = useTranslations("dataViewer");
  const tables = useQuery(dataViewerTablesQuery());
  return (
    <QueryGate query={tables} failed={t("loadFailed")}>
      {(list) => <DataViewerBody tables={list} />}
    </QueryGate>
  );
}

function DataViewerBody({ tables }: { tables: TViewerTable[] }) {
  const t = useTranslations("dataViewer");
  const asked = useSearchParams().get("table");
  const chosen = tables.find((table) => table.name === asked);
  const list = useListPage(viewerListSpec(tables, chosen));
  const rows = useQuery({
    ...dataViewerRowsQuery(chosen?.name ?? "", viewerRowsQuery(list.state)),
    enabled: chosen !== undefined,
  });
  const title = (
    <PageTitle
      description={t("description")}
      actions={
        chosen ? (
          <a
            href={viewerExportHref(chosen.name, list.state)}
            download
            className="inline-flex min-h-11 items-center rounded-shape border-2 border-neutral-800 px-4 font-medium"
          >
            {t("export", { table: chosen.name })}
          </a>
        ) : null
      }
    >
      {t("title")}
    </PageTitle>
  );
  const selects = [
    {
      name: "table",
      label: t("table"),
      anyLabel: t("chooseTable"),
      options: tables.map((table) => ({ value: table.name, label: table.name })),
    },
  ];
  if (!chosen) {
    return (
      <div className="flex flex-col gap-6">
        {title}
        <ListFilters
          q=""
          selects={selects.map((select) => ({ ...select, value: undefined }))}
          search={list.searchParams}
        />
        <p role="status">{t("noTable")}</p>
      </div>
    );
  }
  return (
    <ListTable<TViewerRow, string, "table">
      list={list}
      title={title}
      searchLabel={t("search")}
      selects={selects}
      query={rows}
      texts={texts(t, chosen.name)}
      columns={chosen.columns.map((column) => ({
        key: column.name,
        label: column.name,
        sort: column.name,
      }))}
      row={(row) => (
        <tr key={row.id} className="border-b border-neutral-200 align-top">
          {row.values.map((value, index) => {
            const name = chosen.columns[index]?.name ?? String(index);
            const shown = value === null ? "" : String(value);
            return index === 0 ? (
              <th key={name} scope="row" className="px-3 py-2 font-medium whitespace-nowrap">
                {shown}
              </th>
            ) : (
              <td key={name} className="max-w-xs truncate px-3 py-2" title={shown}>
                {shown}
              </td>
            );
          })}
        </tr>
      )}
    />
  );
}

type TViewerT = ReturnType<typeof useTranslations<"dataViewer">>;

function texts(t: TViewerT, table: string) {
  return {
    loadFailed: t("rowsFailed"),
    empty: t("empty"),
    noMatches: t("noMatches"),
    outOfRange: t("outOfRange"),
    firstPage: t("firstPage"),
    tableLabel: t("tableLabel", { table }),
    caption: (count: number) => t("caption", { count, table }),
  };
}
