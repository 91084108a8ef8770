import { describe, expect, it } from "vitest";
import { activitiesCalendar, plainText } from "@/lib/activities/ics";
import type { TActivity } from "@/lib/activities/types";

// The iCalendar output (lib/activities/ics.ts), parsed back: lines unfolded (RFC 5545
// §3.1), then read per VEVENT.

function unfold(ics: string): string[] {
  return ics
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter(Boolean);
}

function events(ics: string): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  for (const line of unfold(ics)) {
    if (line === "BEGIN:VEVENT") current = {};
    else if (line === "END:VEVENT" && current) {
      out.push(current);
      current = null;
    } else if (current) {
      const at = line.indexOf(":");
      const key = line.slice(0, at).split(";")[0];
      current[key] =
        `${line.slice(0, at).includes(";") ? `${line.slice(0, at).slice(key.length)}:` : ""}${line.slice(at + 1)}`;
    }
  }
  return out;
}

const base: TActivity = {
  id: "7",
  title: "Workshop; social media, voor verenigingen",
  summary: "Meer leden\nen vrijwilligers",
  description: "<p>Neem je <strong>laptop</strong> mee &amp; je telefoon.</p>",
  status: "published",
  startsAt: "2026-06-10T17:30:00.000Z",
  endsAt: "2026-06-10T20:00:00.000Z",
  allDay: false,
  online: false,
  locationName: "Dorpshuis De Brink",
  street: "Zuiderzeestraatweg 1",
  postalCode: "8096 CA",
  city: "Oldebroek",
  latitude: 52.4447,
  longitude: 5.9012,
  imageUrl: null,
  registrationUrl: null,
  capacity: null,
  updatedAt: "2026-05-01T10:00:00.000Z",
};

const options = {
  name: "Activiteiten Oldebroek",
  origin: "https://oldebroek.example.nl",
  pathFor: (a: TActivity) => `/activiteiten/${a.id}`,
};

describe("activitiesCalendar", () => {
  const all: TActivity[] = [
    base,
    { ...base, id: "8", title: "Koffieochtend", status: "cancelled" },
    {
      ...base,
      id: "9",
      title: "Training maatjes",
      allDay: true,
      // Three days from 28 March 00:00 Amsterdam (UTC+1) to 31 March 00:00 (UTC+2).
      startsAt: "2026-03-27T23:00:00.000Z",
      endsAt: "2026-03-30T22:00:00.000Z",
    },
    { ...base, id: "10", title: "Webinar", online: true, locationName: null },
  ];
  const ics = activitiesCalendar(all, options);
  const parsed = events(ics);

  it("is one VCALENDAR with a VEVENT per activity and the calendar's name", () => {
    const lines = unfold(ics);
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines.at(-1)).toBe("END:VCALENDAR");
    expect(lines).toContain("VERSION:2.0");
    expect(lines).toContain("X-WR-CALNAME:Activiteiten Oldebroek");
    expect(lines).toContain("METHOD:PUBLISH");
    expect(parsed).toHaveLength(4);
  });

  it("writes timed activities in UTC and all-day ones as dates, DTEND the day after the last", () => {
    expect(parsed[0].DTSTART).toBe("20260610T173000Z");
    expect(parsed[0].DTEND).toBe("20260610T200000Z");
    expect(parsed[2].DTSTART).toBe(";VALUE=DATE:20260328");
    expect(parsed[2].DTEND).toBe(";VALUE=DATE:20260331");
  });

  it("marks a cancelled activity STATUS:CANCELLED and the others CONFIRMED", () => {
    expect(parsed.map((e) => e.STATUS)).toEqual([
      "CONFIRMED",
      "CANCELLED",
      "CONFIRMED",
      "CONFIRMED",
    ]);
  });

  it("gives stable UIDs from the activity id and the site's host", () => {
    expect(parsed[0].UID).toBe("activity-7@oldebroek.example.nl");
    const again = events(activitiesCalendar(all, options));
    expect(again.map((e) => e.UID)).toEqual(parsed.map((e) => e.UID));
  });

  it("escapes commas, semicolons and newlines, and sends the description as plain text", () => {
    expect(parsed[0].SUMMARY).toBe("Workshop\\; social media\\, voor verenigingen");
    expect(parsed[0].DESCRIPTION).toContain("Meer leden\\nen vrijwilligers");
    expect(parsed[0].DESCRIPTION).toContain("Neem je laptop mee & je telefoon.");
    expect(parsed[0].DESCRIPTION).not.toContain("<strong>");
    expect(parsed[0].URL).toBe(";VALUE=URI:https://oldebroek.example.nl/activiteiten/7");
  });

  it("has a location with GEO for a place and none for an online activity", () => {
    expect(parsed[0].LOCATION).toContain("Dorpshuis De Brink");
    expect(parsed[0].GEO).toBe("52.4447;5.9012");
    expect(parsed[3].LOCATION).toBeUndefined();
  });

  it("folds long lines at 75 octets", () => {
    const long = activitiesCalendar([{ ...base, title: "Lange titel ".repeat(20) }], options);
    for (const line of long.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });
});

describe("plainText", () => {
  it("drops tags and decodes entities", () => {
    expect(plainText("<p>a &amp; b</p><p>c<br>d</p>")).toBe("a & b\nc\nd");
    expect(plainText(null)).toBe("");
  });
});
