import { describe, expect, it } from "vitest";
import { CHANGELOG } from "@/lib/changelog/entries";

// /volunteerly/changelog renders lib/changelog/entries.ts as it is: the file itself must be
// in order (newest first), dated, and complete in both languages.

describe("lib/changelog/entries.ts", () => {
  it("lists releases newest first with real dates and unique versions", () => {
    const dates = CHANGELOG.map((entry) => entry.date);
    for (const date of dates) {
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(new Date(`${date}T12:00:00Z`).getTime())).toBe(false);
    }
    expect([...dates].sort().reverse()).toEqual(dates);
    const versions = CHANGELOG.map((entry) => entry.version);
    expect(new Set(versions).size).toBe(versions.length);
  });

  it("says every release in Dutch and English alike, point for point", () => {
    for (const entry of CHANGELOG) {
      expect(entry.nl.title.trim(), entry.version).not.toBe("");
      expect(entry.en.title.trim(), entry.version).not.toBe("");
      expect(entry.nl.items.length, entry.version).toBeGreaterThan(0);
      expect(entry.en.items.length, entry.version).toBe(entry.nl.items.length);
      expect(new Set(entry.nl.items).size, entry.version).toBe(entry.nl.items.length);
    }
  });
});
