import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CommitmentSection } from "@/components/activity-registrations/commitment-section";
import { ProfileView } from "@/components/profile/profile-view";
import { ToastProvider } from "@/components/toasts/toast-provider";
import { timeZone } from "@/lib/i18n/config";
import { createToastStore } from "@/lib/toasts/toast-store";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";
import {
  createFakeSignUpApi,
  daysFromNow,
  fakeActivity,
  fakeSignUpFetch,
  type TFakeSignUpApi,
} from "./support/fake-activity-registrations";

// "Je inzet" on /profiel: hours this year and upcoming registrations, against a fake api.

let fake: TFakeSignUpApi;

function renderWith(children: React.ReactNode, locale: "nl" | "en" = "nl") {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <NextIntlClientProvider
        locale={locale}
        messages={locale === "nl" ? nl : en}
        timeZone={timeZone}
      >
        <ToastProvider store={createToastStore()}>{children}</ToastProvider>
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

const section = () => screen.findByRole("region", { name: /^(Je inzet|Your contribution)$/ });

beforeEach(() => {
  fake = createFakeSignUpApi();
  fake.activities = [
    fakeActivity({ id: "7", title: "Koffieochtend", starts_at: daysFromNow(10) }),
    fakeActivity({ id: "8", title: "Klusdag", starts_at: daysFromNow(3) }),
    fakeActivity({ id: "9", title: "Infoavond", starts_at: daysFromNow(-20) }),
    fakeActivity({ id: "10", title: "Workshop", starts_at: daysFromNow(5), status: "cancelled" }),
  ];
  fake.registrations = [
    { id: "41", status: "registered", waitlist_position: null, activity_id: 7 },
    { id: "42", status: "waitlisted", waitlist_position: 2, activity_id: 8 },
    { id: "43", status: "registered", waitlist_position: null, activity_id: 9 },
    { id: "44", status: "registered", waitlist_position: null, activity_id: 10 },
  ];
  fake.minutesThisYear = 750;
  vi.stubGlobal("fetch", fakeSignUpFetch(fake));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("'Je inzet' on /profiel", () => {
  it("shows the hours this year in the language's number format", async () => {
    renderWith(<CommitmentSection />);
    expect(await within(await section()).findByText("12,5 uur dit jaar")).toBeTruthy();
    cleanup();
    fake.minutesThisYear = 60;
    renderWith(<CommitmentSection />, "en");
    expect(await within(await section()).findByText("1 hour this year")).toBeTruthy();
  });

  it("asks for the caller's live registrations with their activities", async () => {
    renderWith(<CommitmentSection />);
    await within(await section()).findByText("12,5 uur dit jaar");
    expect(fake.sent.map(({ method, path, query }) => ({ method, path, query }))).toEqual([
      {
        method: "GET",
        path: "/api/v1/activity_registrations",
        query: { "filter[mine]": "true", include: "activity", "page[size]": "500" },
      },
    ]);
  });

  it("lists the upcoming ones soonest first, linked, with the status; not the past one", async () => {
    renderWith(<CommitmentSection />);
    const region = await section();
    const items = await within(region).findAllByRole("listitem");
    expect(items.map((li) => within(li).getByRole("link").textContent)).toEqual([
      "Klusdag",
      "Workshop",
      "Koffieochtend",
    ]);
    expect(within(items[0]).getByRole("link").getAttribute("href")).toBe("/activiteiten/8");
    expect(within(items[0]).getByText("Op de wachtlijst, plaats 2")).toBeTruthy();
    expect(within(items[0]).getByText(/\d{4}/)).toBeTruthy();
    expect(within(items[1]).getByText(nl.activities.cancelled)).toBeTruthy();
    expect(within(items[2]).getByText("Aangemeld")).toBeTruthy();
    expect(within(region).queryByText("Infoavond")).toBeNull();
  });

  it("reads the activities one by one where the api did not include them", async () => {
    fake.includeActivities = false;
    renderWith(<CommitmentSection />);
    const region = await section();
    const items = await within(region).findAllByRole("listitem");
    expect(items.map((li) => within(li).getByRole("link").textContent)).toEqual([
      "Klusdag",
      "Workshop",
      "Koffieochtend",
    ]);
    expect(
      fake.sent
        .filter((request) => request.path.startsWith("/api/v1/activities/"))
        .map((request) => request.path)
        .sort(),
    ).toEqual([
      "/api/v1/activities/10",
      "/api/v1/activities/7",
      "/api/v1/activities/8",
      "/api/v1/activities/9",
    ]);
  });

  it("an activity that cannot be read still shows its registration, without a date", async () => {
    fake.includeActivities = false;
    fake.activities = fake.activities.filter((activity) => activity.id !== "7");
    renderWith(<CommitmentSection />);
    const items = await within(await section()).findAllByRole("listitem");
    const last = items[items.length - 1];
    expect(within(last).getByRole("link", { name: "Een activiteit" }).getAttribute("href")).toBe(
      "/activiteiten/7",
    );
  });

  it("with no upcoming registrations, says so and links to the activities", async () => {
    fake.registrations = [];
    fake.minutesThisYear = undefined;
    renderWith(<CommitmentSection />);
    const region = await section();
    expect(await within(region).findByText("0 uur dit jaar")).toBeTruthy();
    expect(
      within(region).getByText(/Je bent niet aangemeld voor komende activiteiten\./),
    ).toBeTruthy();
    expect(
      within(region).getByRole("link", { name: "Bekijk de activiteiten" }).getAttribute("href"),
    ).toBe("/activiteiten");
  });

  it("is on /profiel where the tenant has activities, and not where it has none", async () => {
    renderWith(<ProfileView activities />);
    expect(await section()).toBeTruthy();
    cleanup();
    fake.sent.length = 0;
    renderWith(<ProfileView />);
    expect(await screen.findByRole("heading", { level: 1, name: "Je profiel" })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Je inzet" })).toBeNull();
    expect(fake.sent.some((request) => request.path.includes("activity_registrations"))).toBe(
      false,
    );
  });
});
