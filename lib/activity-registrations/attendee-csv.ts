import { spreadsheetCsv } from "@/lib/csv/spreadsheet-csv";
import { attendeeName, type TAttendee } from "./attendees";

/**
 * The attendee list as CSV (docs/activity-attendees.md), made in the browser from the rows
 * the page already has (lib/csv/spreadsheet-csv.ts: the BOM, the language's delimiter, the
 * formula guard): one row per person, the headers in the reader's language.
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
    attendeeName(p),
    p.email ?? "",
    p.status === "registered" ? texts.registered : texts.waitlisted,
    p.waitlistPosition === null ? "" : String(p.waitlistPosition),
    csvMoment(p.createdAt, options.timeZone),
    attended(p),
    p.minutes === null ? "" : String(p.minutes),
  ]);
  return spreadsheetCsv(
    [
      headers.name,
      headers.email,
      headers.status,
      headers.waitlistPosition,
      headers.signedUpAt,
      headers.attended,
      headers.minutes,
    ],
    records,
    options.locale,
  );
}
