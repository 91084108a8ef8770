import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ProfileView } from "@/components/profile/profile-view";
import { ToastProvider } from "@/components/toasts/toast-provider";
import { timeZone } from "@/lib/i18n/config";
import { createToastStore } from "@/lib/toasts/toast-store";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";
import {
  emptyProfile,
  fullProfile,
  jsonResponse,
  notFound,
  profileDocument,
  record,
  type TFakeProfile,
  type TSent,
  userDocument,
} from "./support/fake-profile";

// /profiel: the own profile read only, against a fake api behind fetch.

let profile: TFakeProfile;
let saved: boolean;
const sent: TSent[] = [];

function renderView(locale: "nl" | "en" = "nl") {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <NextIntlClientProvider
        locale={locale}
        messages={locale === "nl" ? nl : en}
        timeZone={timeZone}
      >
        <ToastProvider store={createToastStore()}>
          <ProfileView />
        </ToastProvider>
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  sent.length = 0;
  profile = fullProfile();
  saved = true;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = record(sent, input, init);
    if (request.path === "/api/v1/current_user/volunteer_profile")
      return jsonResponse(profileDocument(profile, saved));
    if (request.path === "/api/v1/current_user")
      return jsonResponse(
        userDocument({ email: "daan@demo.test", locale: "nl", notification_preferences: {} }),
      );
    return notFound();
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("/profiel", () => {
  it("shows the profile: about, interests, skills, contact, place, hours and the pool", async () => {
    renderView();
    expect(screen.getByRole("heading", { level: 1, name: "Je profiel" })).toBeTruthy();
    expect(await screen.findByText(/Gepensioneerd docent\./)).toBeTruthy();
    expect(sent.find((r) => r.path.endsWith("volunteer_profile"))?.query).toEqual({
      include: "tags",
    });
    const interests = screen.getByRole("region", { name: "Interesses" });
    expect(
      within(interests)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Onderwijs", "Ouderen"]);
    const skills = screen.getByRole("region", { name: "Vaardigheden" });
    expect(
      within(skills)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["bijles geven", "voorlezen"]);
    const contact = screen.getByRole("region", { name: "Contactgegevens" });
    expect(within(contact).getByText("Daan Smit")).toBeTruthy();
    expect(within(contact).getByText("daan@demo.test")).toBeTruthy();
    expect(within(contact).getByText("06 12345678")).toBeTruthy();
    expect(within(contact).getByText("3811 AB, Amersfoort")).toBeTruthy();
    expect(screen.getByText("6 uur per week")).toBeTruthy();
    expect(screen.getByText(/Je staat sinds 1 oktober 2026 in de vrijwilligerspool/)).toBeTruthy();
    expect(
      screen.getAllByRole("link", { name: "Profiel bewerken" }).map((a) => a.getAttribute("href")),
    ).toEqual(["/profile-edit", "/profile-edit"]);
  });

  it("shows the week as a table with day and part headers, free parts in words, not colour", async () => {
    renderView();
    const table = await screen.findByRole("table", {
      name: "Wanneer je beschikbaar bent, per dag en dagdeel",
    });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Ochtend", "Middag", "Avond"]);
    const tuesday = within(table).getByRole("row", { name: /Dinsdag/ });
    expect(
      within(tuesday)
        .getAllByRole("cell")
        .map((td) => td.textContent?.trim()),
    ).toEqual(["Beschikbaar", "–Niet beschikbaar", "–Niet beschikbaar"]);
    expect(within(table).getAllByRole("rowheader")).toHaveLength(7);
  });

  it("names the languages in the interface's language, sign language as NGT", async () => {
    renderView();
    const languages = await screen.findByRole("region", { name: "Talen" });
    expect(
      within(languages)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Nederlands", "Duits", "Nederlandse Gebarentaal (NGT)"]);
    cleanup();
    renderView("en");
    const english = await screen.findByRole("region", { name: "Languages" });
    expect(
      within(english)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Dutch", "German", "Sign Language of the Netherlands (NGT)"]);
    expect(screen.getByText("6 hours per week")).toBeTruthy();
  });

  it("out of the pool, says so", async () => {
    profile = { ...profile, in_pool: false, pool_opted_in_at: null };
    renderView();
    expect(await screen.findByText(/Je staat niet in de vrijwilligerspool/)).toBeTruthy();
  });

  it("an empty profile invites to fill it in, with a link to the form", async () => {
    profile = emptyProfile();
    saved = false;
    renderView();
    expect(
      await screen.findByRole("heading", {
        level: 2,
        name: "Welkom, Mila! Vertel iets over jezelf",
      }),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Profiel invullen" }).getAttribute("href")).toBe(
      "/profile-edit",
    );
    expect(screen.queryByRole("table")).toBeNull();
  });
});
