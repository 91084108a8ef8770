// The browser build: the package's main entry uses Node's Buffer, which a browser has not.
import { stringify } from "csv-stringify/browser/esm/sync";
import { csvDelimiter, defuseCell } from "../csv/cells";
import { attendeeName, type TAttendee } from "./attendees";

export { csvDelimiter, defuseCell };

/**
 * The attendee list as CSV (docs/activity-attendees.md), made in the browser from the rows
 * the page already has: UTF-8 with a byte order mark (so Excel reads é and ü as such), one
 * row per person, the headers in the reader's language, every cell quoted as RFC 4180 asks
 * by csv-stringify.
 */
export type TAttendeeCsvTexts = {
  headers: {
    name: string;
    email: string;
    status: string;
    waitlistPosition: string;
    signedUpAt: string;
    attended: string;
    minutes: string;
  };
  registered: string;
  waitlisted: string;
  yes: string;
  no: string;
};

/** "2026-11-26 14:05" in Dutch time: a moment every spreadsheet reads as one. */
export function csvMoment(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")}`;
}

export function attendeeCsv(
  people: readonly TAttendee[],
  texts: TAttendeeCsvTexts,
  options: { locale: string; timeZone: string },
): string {
  const { headers } = texts;
  const attended = (p: TAttendee) => (p.attended === null ? "" : p.attended ? texts.yes : texts.no);
  const records = people.map((p) => [
    defuseCell(attendeeName(p)),
    defuseCell(p.email ?? ""),
    p.status === "registered" ? texts.registered : texts.waitlisted,
    p.waitlistPosition === null ? "" : String(p.waitlistPosition),
    csvMoment(p.createdAt, options.timeZone),
    attended(p),
    p.minutes === null ? "" : String(p.minutes),
  ]);
  return stringify(records, {
    bom: true,
    delimiter: csvDelimiter(options.locale),
    record_delimiter: "windows",
    header: true,
    columns: [
      headers.name,
      headers.email,
      headers.status,
      headers.waitlistPosition,
      headers.signedUpAt,
      headers.attended,
      headers.minutes,
    ].map(defuseCell),
  });
}

/** The file's name: the activity's title made safe for a file system, and the date. */
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
