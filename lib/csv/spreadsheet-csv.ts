// The browser build: the package's main entry uses Node's Buffer, which a browser has not.
import { stringify } from "csv-stringify/browser/esm/sync";
import { csvDelimiter, defuseCell } from "./cells";

export { csvDelimiter, defuseCell };

/**
 * CSV that spreadsheet programs open as they are (docs/activity-attendees.md, "The CSV
 * export"): UTF-8 with a byte order mark (so Excel reads é and ü as such), Windows line
 * ends, the delimiter of the reader's language, every cell quoted as RFC 4180 asks by
 * csv-stringify, and no cell a spreadsheet would run as a formula. The attendee list and
 * the analytics write their files through it.
 */

/** A header row and records, every text cell defused. */
export function spreadsheetCsv(
  columns: readonly string[],
  records: readonly (readonly string[])[],
  locale: string,
): string {
  return stringify(
    records.map((r) => r.map(defuseCell)),
    {
      bom: true,
      delimiter: csvDelimiter(locale),
      record_delimiter: "windows",
      header: true,
      columns: columns.map(defuseCell),
    },
  );
}

/** The file's name: a title made safe for a file system, and the date. */
export function csvFileName(title: string, prefix: string, day: string): string {
  const safe = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .toLowerCase();
  return `${[prefix, safe, day].filter(Boolean).join("-")}.csv`;
}

/** Offers `text` as a download named `fileName`. */
export function downloadCsv(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once clicked; a moment later the URL can go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
