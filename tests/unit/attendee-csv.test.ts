import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import {
  attendeeCsv,
  csvMoment,
  type TAttendeeCsvTexts,
} from "@/lib/activity-registrations/attendee-csv";
import type { TAttendee } from "@/lib/activity-registrations/attendees";
import { csvFileName, defuseCell } from "@/lib/csv/spreadsheet-csv";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";

// The attendee list's CSV (docs/activity-attendees.md): read back with csv-parse, the way a
// spreadsheet program would, every tricky cell must come out as it went in.

const texts = (messages: typeof nl): TAttendeeCsvTexts => {
  const csv = messages.activityAttendees.csv;
  return {
    headers: csv.headers,
    registered: csv.registered,
    waitlisted: csv.waitlisted,
    yes: csv.yes,
    no: csv.no,
  };
};

const person = (over: Partial<TAttendee>): TAttendee => ({
  id: "1",
  status: "registered",
  waitlistPosition: null,
  firstName: "Anna",
  lastName: "de Vries",
  email: "anna@example.test",
  attended: null,
  minutes: null,
  createdAt: "2026-11-20T09:05:00.000Z",
  ...over,
});

const OPTIONS = { locale: "nl", timeZone: "Europe/Amsterdam" };
const BOM = "\uFEFF";

describe("attendeeCsv", () => {
  it("starts with a UTF-8 byte order mark, has a header row in the reader's language and CRLF rows", () => {
    const text = attendeeCsv([person({})], texts(nl), OPTIONS);
    expect(text.startsWith(BOM)).toBe(true);
    expect(new TextEncoder().encode(text).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(text.slice(1).split("\r\n")[0]).toBe(
      "Naam;E-mailadres;Status;Plaats op wachtlijst;Aangemeld op;Aanwezig;Minuten",
    );
    const english = attendeeCsv([person({})], texts(en), { ...OPTIONS, locale: "en" });
    expect(english.slice(1).split("\r\n")[0]).toBe(
      "Name,Email address,Status,Waiting list position,Signed up at,Attended,Minutes",
    );
  });

  it("writes one row per person with status, position, the moment in Dutch time, attendance and minutes", () => {
    const rows = parse(
      attendeeCsv(
        [
          person({ attended: true, minutes: 90 }),
          person({ id: "2", firstName: "Bram", lastName: null, attended: false }),
          person({
            id: "3",
            status: "waitlisted",
            waitlistPosition: 1,
            firstName: null,
            lastName: null,
            email: null,
            createdAt: "2026-07-01T22:30:00.000Z",
          }),
        ],
        texts(nl),
        OPTIONS,
      ),
      { bom: true, delimiter: ";" },
    );
    expect(rows).toEqual([
      [
        "Naam",
        "E-mailadres",
        "Status",
        "Plaats op wachtlijst",
        "Aangemeld op",
        "Aanwezig",
        "Minuten",
      ],
      ["Anna de Vries", "anna@example.test", "Plek", "", "2026-11-20 10:05", "Ja", "90"],
      ["Bram", "anna@example.test", "Plek", "", "2026-11-20 10:05", "Nee", ""],
      // Summer time: UTC+2, past midnight.
      ["", "", "Wachtlijst", "1", "2026-07-02 00:30", "", ""],
    ]);
  });

  it("quotes delimiters, quotes and line breaks so they come back whole", () => {
    const tricky = [
      person({ firstName: 'Jan "de Boer"', lastName: "Smit; Jansen" }),
      person({ id: "2", firstName: "Regel\neen", lastName: "Zoë, Ærø" }),
    ];
    for (const [locale, delimiter] of [
      ["nl", ";"],
      ["en", ","],
    ] as const) {
      const text = attendeeCsv(tricky, texts(nl), { ...OPTIONS, locale });
      const rows = parse(text, { bom: true, delimiter }) as string[][];
      expect(rows.map((row) => row[0])).toEqual([
        "Naam",
        'Jan "de Boer" Smit; Jansen',
        "Regel\neen Zoë, Ærø",
      ]);
      expect(rows.every((row) => row.length === 7)).toBe(true);
    }
    expect(attendeeCsv(tricky, texts(nl), OPTIONS)).toContain('"Jan ""de Boer"" Smit; Jansen"');
  });

  it("puts an apostrophe before a cell a spreadsheet would run as a formula", () => {
    const rows = parse(
      attendeeCsv(
        [
          person({ firstName: '=HYPERLINK("http://evil.test")', lastName: null }),
          person({ id: "2", firstName: "+31 6", lastName: null, email: "@home@example.test" }),
          person({ id: "3", firstName: "-1", lastName: null, email: "\tx@example.test" }),
          person({
            id: "4",
            firstName: "Anne-Marie",
            lastName: "O'Neil",
            email: "a=b@example.test",
          }),
        ],
        texts(nl),
        OPTIONS,
      ),
      { bom: true, delimiter: ";", from_line: 2 },
    ) as string[][];
    expect(rows.map((row) => [row[0], row[1]])).toEqual([
      ['\'=HYPERLINK("http://evil.test")', "anna@example.test"],
      ["'+31 6", "'@home@example.test"],
      ["'-1", "'\tx@example.test"],
      // Only the first character counts.
      ["Anne-Marie O'Neil", "a=b@example.test"],
    ]);
  });
});

describe("the CSV's helpers", () => {
  it("defuses = + - @ tab and carriage return at the start only", () => {
    expect(["=1", "+1", "-1", "@a", "\t1", "\r1", "a=1", ""].map(defuseCell)).toEqual([
      "'=1",
      "'+1",
      "'-1",
      "'@a",
      "'\t1",
      "'\r1",
      "a=1",
      "",
    ]);
  });

  it("writes moments in the given time zone, to the minute", () => {
    expect(csvMoment("2026-01-05T23:59:59.000Z", "Europe/Amsterdam")).toBe("2026-01-06 00:59");
  });

  it("makes a file name without characters a file system would refuse", () => {
    expect(csvFileName("Koffie & taart: Zoë's feest / 2026", "deelnemers", "2026-11-26")).toBe(
      "deelnemers-koffie-taart-zoe-s-feest-2026-2026-11-26.csv",
    );
  });
});
