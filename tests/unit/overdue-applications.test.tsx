import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OverdueApplications } from "@/components/reply-times/overdue-applications";
import { timeZone } from "@/lib/i18n/config";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";

// The dashboard's "Waiting for a reply" (docs/reply-times.md) against a fake api behind
// fetch: one table per administered centre, each row linking to its application.

const sent: string[] = [];

function overdueDocument(centreId: string) {
  if (centreId === "2") return { data: [], meta: { pagination: { current: 1, records: 0 } } };
  return {
    data: [
      {
        type: "application",
        id: "41",
        attributes: { status: "new", waiting_working_days: 12 },
        relationships: {
          vacancy: { data: { type: "vacancy", id: "7" } },
          organization: { data: { type: "organization", id: "3" } },
        },
      },
    ],
    included: [
      { type: "vacancy", id: "7", attributes: { title: "Gastvrouw" } },
      { type: "organization", id: "3", attributes: { name: "Buurthuis De Linde" } },
    ],
    meta: { pagination: { current: 1, records: 3 } },
  };
}

beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://site.invalid");
    sent.push(`${url.pathname}?${url.searchParams}`);
    const centre = /volunteer_centers\/(\d+)\//.exec(url.pathname)?.[1] ?? "";
    return new Response(JSON.stringify(overdueDocument(centre)), {
      status: 200,
      headers: { "Content-Type": "application/vnd.api+json" },
    });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSection(centres: { id: string; name: string }[], locale: "nl" | "en" = "nl") {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <NextIntlClientProvider
        locale={locale}
        messages={locale === "nl" ? nl : en}
        timeZone={timeZone}
      >
        <OverdueApplications centres={centres.map((c) => ({ ...c, type: "VolunteerCenter" }))} />
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

describe("the dashboard's Waiting for a reply", () => {
  it("lists the centre's overdue applications with organisation, vacancy and working days", async () => {
    renderSection([{ id: "1", name: "Centrale Utrecht" }]);
    expect(screen.getByRole("heading", { level: 2, name: "Wachten op antwoord" })).toBeTruthy();
    const table = await screen.findByRole("table");
    const [row] = within(table).getAllByRole("row").slice(1);
    expect(within(row).getByRole("link", { name: "Gastvrouw" }).getAttribute("href")).toBe(
      "/applications/41",
    );
    expect(row.textContent).toContain("Buurthuis De Linde");
    expect(row.textContent).toContain("12 werkdagen");
    expect(screen.getByText("En nog 2 reacties.")).toBeTruthy();
    expect(sent[0]).toContain("/api/v1/volunteer_centers/1/overdue_applications");
    expect(sent[0]).toContain("include=vacancy%2Corganization");
  });

  it("names each centre when there are several, and says when nobody waits", async () => {
    renderSection(
      [
        { id: "1", name: "Centrale Utrecht" },
        { id: "2", name: "Centrale Zeist" },
      ],
      "en",
    );
    expect(screen.getByRole("heading", { level: 3, name: "Centrale Zeist" })).toBeTruthy();
    expect(await screen.findByText("Nobody has been waiting too long for a reply.")).toBeTruthy();
    expect(await screen.findByText("12 working days")).toBeTruthy();
  });

  it("is not there for someone who runs no centre", () => {
    const { container } = renderSection([]);
    expect(container.textContent).toBe("");
    expect(sent).toEqual([]);
  });
});
