import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DashboardMatches } from "@/components/matches/dashboard-matches";
import { UnsubscribeForm } from "@/components/matches/unsubscribe-form";
import { ToastProvider } from "@/components/toasts/toast-provider";
import { timeZone } from "@/lib/i18n/config";
import { createToastStore } from "@/lib/toasts/toast-store";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";
import { jsonResponse, notFound, record, type TSent } from "./support/fake-profile";

// The dashboard's vacancies that fit and the periodic mail's unsubscribe page
// (docs/matching.md) against a fake api behind fetch.

let reply: (method: string, path: string) => Response;
const sent: TSent[] = [];

function renderIn(locale: "nl" | "en", node: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <NextIntlClientProvider
        locale={locale}
        messages={locale === "en" ? en : nl}
        timeZone={timeZone}
      >
        <ToastProvider store={createToastStore()}>{node}</ToastProvider>
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

const matchesDocument = (reason: string | null, data: unknown[] = []) => ({
  data,
  meta: { reason },
});
const vacancy = (id: string, title: string, reasons: unknown[]) => ({
  id,
  type: "vacancy",
  attributes: { title, city: "Utrecht", remote: false },
  meta: { score: 66, reasons },
});

beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = record(sent, input, init);
    return reply(request.method, request.path);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the dashboard's vacancies that fit", () => {
  it("links each vacancy with its reason line, in Dutch and in English", async () => {
    const reasons = [
      { kind: "tag", id: 1, name: "Sport", name_en: null },
      { kind: "tag", id: 2, name: "Zorg", name_en: "Care" },
      { kind: "distance", km: 2.6 },
      { kind: "day", day: "saturday" },
    ];
    reply = () => jsonResponse(matchesDocument(null, [vacancy("7", "Trainer", reasons)]));
    renderIn("nl", <DashboardMatches hideWithoutProfile={false} />);
    const link = await screen.findByRole("link", { name: "Trainer" });
    expect(link.getAttribute("href")).toBe("/vacancies/7");
    expect(screen.getByText("Sport, Zorg · 3 km · zaterdag")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Vacatures die bij je passen" })).toBeTruthy();
    cleanup();

    renderIn("en", <DashboardMatches hideWithoutProfile={false} />);
    expect(await screen.findByText("Sport, Care · 3 km · Saturday")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Vacancies that fit you" })).toBeTruthy();
  });

  it("says why it is empty and points to the profile", async () => {
    reply = () => jsonResponse(matchesDocument("no_profile"));
    renderIn("nl", <DashboardMatches hideWithoutProfile={false} />);
    expect(await screen.findByText(nl.matches.noProfile, { exact: false })).toBeTruthy();
    expect(screen.getByRole("link", { name: nl.matches.editProfile }).getAttribute("href")).toBe(
      "/profile-edit",
    );
  });

  it("shows staff without a profile nothing at all", async () => {
    reply = () => jsonResponse(matchesDocument("no_profile"));
    const { container } = renderIn("nl", <DashboardMatches hideWithoutProfile />);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(container.textContent).toBe("");
  });
});

describe("the unsubscribe page", () => {
  it("posts the token only when the button is pressed, then confirms", async () => {
    reply = () => new Response(null, { status: 204 });
    renderIn("nl", <UnsubscribeForm token="abc" />);
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: nl.matches.unsubscribe.submit }));
    expect(await screen.findByText(nl.matches.unsubscribe.done)).toBeTruthy();
    expect(sent).toMatchObject([
      { method: "POST", path: "/api/v1/periodic_mail/unsubscribe", query: { token: "abc" } },
    ]);
  });

  it("says an unknown link is no longer valid", async () => {
    reply = () => notFound();
    renderIn("en", <UnsubscribeForm token="nope" />);
    fireEvent.click(screen.getByRole("button", { name: en.matches.unsubscribe.submit }));
    expect(await screen.findByText(en.matches.unsubscribe.invalid)).toBeTruthy();
  });
});
