import { cleanup, render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it } from "vitest";
import { CalendarMonth } from "@/components/activities/calendar-month";
import { byDay, monthWeeks } from "@/lib/activities/calendar";
import type { TActivity } from "@/lib/activities/types";
import { timeZone } from "@/lib/i18n/config";
import nl from "@/messages/nl.json";

// The month grid (components/activities/calendar-month.tsx): a table with weekday column
// headers from Monday, each day's activities as links, "+N more" past three, a multi-day
// activity on every day, today marked.

afterEach(cleanup);

const activity = (id: string, startsAt: string, endsAt: string | null = null): TActivity => ({
  id,
  title: `Activiteit ${id}`,
  summary: null,
  description: null,
  status: id === "c" ? "cancelled" : "published",
  startsAt,
  endsAt,
  allDay: false,
  online: false,
  locationName: null,
  street: null,
  postalCode: null,
  city: null,
  latitude: null,
  longitude: null,
  imageUrl: null,
  registrationUrl: null,
  capacity: null,
  updatedAt: startsAt,
});

function renderMonth(list: TActivity[]) {
  const weeks = monthWeeks("2026-06-15");
  render(
    <NextIntlClientProvider locale="nl" messages={nl} timeZone={timeZone}>
      <h2 id="period">juni 2026</h2>
      <CalendarMonth
        weeks={weeks}
        month="2026-06"
        today="2026-06-10"
        days={byDay(list, weeks.flat())}
        labelledBy="period"
      />
    </NextIntlClientProvider>,
  );
}

describe("CalendarMonth", () => {
  it("is a table named by the month, weekdays from Monday as column headers", () => {
    renderMonth([]);
    const table = screen.getByRole("table", { name: "juni 2026" });
    const headers = within(table).getAllByRole("columnheader");
    expect(headers).toHaveLength(7);
    expect(headers[0].querySelector("abbr")?.getAttribute("title")).toBe("maandag");
    expect(headers[6].querySelector("abbr")?.getAttribute("title")).toBe("zondag");
    expect(table.querySelector('[aria-current="date"]')?.textContent).toContain("10 juni");
  });

  it("shows three activities a day and links the rest as +N more to that week", () => {
    const day = ["1", "2", "3", "4", "5"].map((id, i) =>
      activity(id, `2026-06-12T${String(i + 7).padStart(2, "0")}:00:00Z`),
    );
    renderMonth(day);
    expect(screen.getAllByRole("link", { name: /^Activiteit [1-5]$/ })).toHaveLength(3);
    const more = screen.getByRole("link", { name: "Nog 2 activiteiten op 12 juni" });
    expect(more.textContent).toBe("+2 meer");
    expect(more.getAttribute("href")).toBe("/activiteitenkalender?view=week&date=2026-06-12");
  });

  it("puts a multi-day activity on each of its days and marks a cancelled one for screen readers", () => {
    renderMonth([
      activity("m", "2026-06-20T08:00:00Z", "2026-06-22T15:00:00Z"),
      activity("c", "2026-06-25T08:00:00Z"),
    ]);
    expect(screen.getAllByRole("link", { name: "Activiteit m" })).toHaveLength(3);
    expect(screen.getByRole("link", { name: /^Activiteit c\s*\(gaat niet door\)$/ })).toBeTruthy();
  });
});
