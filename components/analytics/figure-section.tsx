"use client";

import { useLocale, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { TableRegion } from "@/components/lists/list-states";
import { Button } from "@/components/ui/button";
import { useToast } from "@/lib/toasts/use-toast";

/** How a row's numbers read: a count, a share (0..1), days or hours with one decimal. */
export type TFigureUnit = "count" | "share" | "decimal";

export type TFigureRow = {
  key: string;
  label: string;
  /** One value per column (centre); null where there is none (no answer due yet). */
  values: (number | null)[];
  unit?: TFigureUnit;
  /** Drawn as bars too; rows of another unit than the chart's stay in the table only. */
  chart?: boolean;
};

export type TFigureSection = {
  id: string;
  title: string;
  note?: string;
  rows: TFigureRow[];
  /** The file's rows where they are not the table's (the organisations' names). */
  csv?: { columns: string[]; records: string[][] };
  extra?: React.ReactNode;
};

/** Numbers as the table shows them, and plainer ones (no grouping) for the CSV. */
function formatter(locale: string, grouping: boolean) {
  const whole = new Intl.NumberFormat(locale, { useGrouping: grouping });
  const decimal = new Intl.NumberFormat(locale, {
    useGrouping: grouping,
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const percent = new Intl.NumberFormat(locale, {
    style: "percent",
    maximumFractionDigits: 1,
  });
  return (value: number | null, unit: TFigureUnit = "count") => {
    if (value === null) return "—";
    if (unit === "share") return percent.format(value);
    if (unit === "decimal") return decimal.format(value);
    return whole.format(value);
  };
}

/**
 * One figure: a bar chart drawn with CSS (no chart library: bars are divs whose width is
 * the value's share of the largest), the table of the same numbers beside it, and its CSV.
 * The chart is hidden from assistive technology, which reads the table instead; every bar
 * carries its number and, with several centres, the centre's name, so nothing rests on
 * colour (docs/analytics.md).
 */
export function FigureSection({
  section,
  columns,
  fileLabel,
}: {
  section: TFigureSection;
  /** The centres' names, one column each. */
  columns: string[];
  /** The range, for the file's name. */
  fileLabel: string;
}) {
  const t = useTranslations("analytics");
  const locale = useLocale();
  const headingId = useId();
  const show = formatter(locale, true);
  const charted = section.rows.filter((r) => r.chart !== false);
  const max = Math.max(
    0,
    ...charted.flatMap((r) => r.values.map((v) => (r.unit === "share" ? 1 : (v ?? 0)))),
  );
  const several = columns.length > 1;

  return (
    <section aria-labelledby={headingId} className="mb-10">
      <h2 id={headingId} className="mb-2 text-xl font-bold text-neutral-900">
        {section.title}
      </h2>
      {section.note ? <p className="mb-3 max-w-prose text-neutral-700">{section.note}</p> : null}
      <div className="grid gap-4 lg:grid-cols-2">
        {charted.length > 0 ? (
          <div
            aria-hidden="true"
            className="rounded-shape border-2 border-neutral-300 bg-white p-3"
          >
            <p className="mb-2 text-sm text-neutral-700">{t("chartHint")}</p>
            <ul className="space-y-2">
              {charted.map((row) => (
                <li key={row.key}>
                  <span className="block text-sm text-neutral-900">{row.label}</span>
                  {row.values.map((value, i) => {
                    const width = max === 0 || value === null ? 0 : (value / max) * 100;
                    return (
                      <span key={columns[i]} className="flex items-center gap-2 text-sm">
                        {several ? (
                          <span className="w-32 shrink-0 truncate text-neutral-700">
                            {columns[i]}
                          </span>
                        ) : null}
                        <span className="h-4 flex-1 bg-neutral-100">
                          <span
                            className={`block h-4 ${i % 2 === 0 ? "bg-primary-700" : "bg-neutral-700"}`}
                            style={{ width: `${width}%` }}
                          />
                        </span>
                        <span className="w-16 shrink-0 text-right tabular-nums text-neutral-900">
                          {show(value, row.unit)}
                        </span>
                      </span>
                    );
                  })}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div>
          <TableRegion label={t("tableLabel", { title: section.title })}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{section.title}</caption>
              <thead>
                <tr className="border-b-2 border-neutral-300">
                  <th scope="col" className="px-3 py-2">
                    {t("figure")}
                  </th>
                  {columns.map((name) => (
                    <th key={name} scope="col" className="px-3 py-2 text-right">
                      {several ? name : t("value")}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {section.rows.map((row) => (
                  <tr key={row.key} className="border-b border-neutral-200">
                    <th scope="row" className="px-3 py-2 font-normal">
                      {row.label}
                    </th>
                    {row.values.map((value, i) => (
                      <td key={columns[i]} className="px-3 py-2 text-right tabular-nums">
                        {show(value, row.unit)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          {section.extra}
          <CsvDownload section={section} columns={columns} fileLabel={fileLabel} />
        </div>
      </div>
    </section>
  );
}

function CsvDownload({
  section,
  columns,
  fileLabel,
}: {
  section: TFigureSection;
  columns: string[];
  fileLabel: string;
}) {
  const t = useTranslations("analytics");
  const locale = useLocale();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      // The CSV code loads only when asked for.
      const { csvFileName, downloadCsv, spreadsheetCsv } = await import(
        "@/lib/csv/spreadsheet-csv"
      );
      const plain = formatter(locale, false);
      const file = section.csv ?? {
        columns: [t("figure"), ...(columns.length > 1 ? columns : [t("value")])],
        records: section.rows.map((row) => [
          row.label,
          ...row.values.map((v) => (v === null ? "" : plain(v, row.unit))),
        ]),
      };
      downloadCsv(
        spreadsheetCsv(file.columns, file.records, locale),
        csvFileName(section.title, t("csv.filePrefix"), fileLabel),
      );
    } catch {
      toast.danger(t("csv.failed"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-2">
      <Button variant="outline" aria-disabled={busy} onClick={() => void download()}>
        {t("csv.button", { title: section.title.toLowerCase() })}
      </Button>
    </div>
  );
}
