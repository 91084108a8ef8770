import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ActivityMenu } from "@/components/activity/activity-menu";
import { QUERY_STALE_TIME_MS } from "@/lib/api/query-client";
import type { AuthStatus } from "@/lib/auth/auth-state";
import { timeZone } from "@/lib/i18n/config";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";

// The activity menu against a fake api behind fetch, the way the browser client reaches the
// BFF: GET /api/v1/activity_events (the signed-in user's own account events, newest first).

let authStatus: AuthStatus = "SIGNED_IN";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => "/",
  useSearchParams: () => new URLSearchParams(),
}));
vi.mock("@/lib/auth/use-auth", () => ({
  useAuth: () => ({ status: authStatus, user: null, roles: [], signIn: vi.fn(), signOut: vi.fn() }),
}));

type Row = {
  id: string;
  action: string;
  client: string | null;
  by_self: boolean;
  created_at: string;
};

const NOW = Date.now();
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

let rows: Row[];
let failStatus: number | null;
const sent: { path: string; query: URLSearchParams }[] = [];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/vnd.api+json" },
  });

function fakeApi(input: RequestInfo | URL): Response {
  const url = new URL(String(input), "http://site.invalid");
  sent.push({ path: url.pathname, query: url.searchParams });
  if (failStatus) return json({ errors: [{ status: String(failStatus) }] }, failStatus);
  if (url.pathname !== "/api/v1/activity_events") return json({ errors: [{ status: "404" }] }, 404);
  const size = Number(url.searchParams.get("page[size]"));
  const number = Number(url.searchParams.get("page[number]"));
  return json({
    data: rows
      .slice((number - 1) * size, number * size)
      .map(({ id, ...attributes }) => ({ type: "activity_event", id, attributes })),
    meta: { pagination: { current: number, records: rows.length } },
  });
}

function seed() {
  rows = [
    {
      id: "5",
      action: "signed_in",
      client: "Firefox op Linux",
      by_self: true,
      created_at: minutesAgo(0.2),
    },
    {
      id: "4",
      action: "account_unlocked",
      client: null,
      by_self: false,
      created_at: minutesAgo(45),
    },
    {
      id: "3",
      action: "account_locked",
      client: null,
      by_self: false,
      created_at: minutesAgo(120),
    },
    {
      id: "2",
      action: "password_changed",
      client: "Safari op iOS",
      by_self: true,
      created_at: minutesAgo(3 * 24 * 60),
    },
    {
      id: "1",
      action: "account_confirmed",
      client: null,
      by_self: true,
      created_at: minutesAgo(10 * 24 * 60),
    },
  ];
}

function renderMenu(locale: "nl" | "en" = "nl") {
  // The app's stale time (lib/api/query-client.ts), without its retry of a 5xx.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: QUERY_STALE_TIME_MS, retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <NextIntlClientProvider
        locale={locale}
        messages={locale === "nl" ? nl : en}
        timeZone={timeZone}
      >
        <ActivityMenu />
        <button type="button">Elders</button>
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

const button = (name = "Activiteit") => screen.getByRole("button", { name });
const panel = (name = "Activiteit") =>
  document.getElementById(button(name).getAttribute("aria-controls")!)!;
const items = (name?: string) => within(panel(name)).getAllByRole("listitem");

beforeEach(() => {
  authStatus = "SIGNED_IN";
  failStatus = null;
  sent.length = 0;
  seed();
  vi.stubGlobal("fetch", async (input: RequestInfo | URL) => fakeApi(input));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the activity menu (spec §2 toolbar 'activity')", () => {
  it("is not there for a signed-out visitor, and asks nothing", async () => {
    authStatus = "SIGNED_OUT";
    renderMenu();
    expect(screen.queryByRole("button", { name: "Activiteit" })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toHaveLength(0);
  });

  it("asks nothing until it is opened, then the latest ten once", async () => {
    renderMenu();
    const activity = button();
    expect(activity.getAttribute("aria-expanded")).toBe("false");
    expect(panel().hidden).toBe(true);
    // The name is the button's text; below md it is visually hidden, never gone.
    expect(within(activity).getByText("Activiteit").className).toContain("sr-only");
    expect(within(activity).getByText("Activiteit").className).toContain("md:not-sr-only");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toHaveLength(0);

    fireEvent.click(activity);
    expect(activity.getAttribute("aria-expanded")).toBe("true");
    expect(panel().hidden).toBe(false);
    await within(panel()).findByRole("list", { name: "Recente activiteit" });
    expect(sent).toHaveLength(1);
    expect(sent[0].path).toBe("/api/v1/activity_events");
    expect(Object.fromEntries(sent[0].query)).toEqual({ "page[number]": "1", "page[size]": "10" });

    // Closing and opening again within 30 s shows the cached list without asking again.
    fireEvent.click(activity);
    expect(panel().hidden).toBe(true);
    fireEvent.click(activity);
    await within(panel()).findByRole("list", { name: "Recente activiteit" });
    expect(sent).toHaveLength(1);
  });

  it("lists the events newest first with a sentence, the client and the time, in Dutch", async () => {
    renderMenu();
    fireEvent.click(button());
    await within(panel()).findByRole("list", { name: "Recente activiteit" });
    expect(within(panel()).getByRole("heading", { name: "Recente activiteit" })).toBeTruthy();
    const [signedIn, unlocked, locked, changed, confirmed] = items();
    expect(items()).toHaveLength(5);
    expect(signedIn.textContent).toContain("Ingelogd");
    expect(signedIn.textContent).toContain("Via Firefox op Linux");
    expect(signedIn.querySelector("time")?.textContent).toBe("zojuist");
    expect(unlocked.textContent).toContain("Account weer vrijgegeven");
    expect(locked.textContent).toContain("Account geblokkeerd na te veel pogingen");
    expect(locked.querySelector("time")?.textContent).toBe("2 uur geleden");
    // No client: no "Via" line.
    expect(locked.textContent).not.toContain("Via");
    expect(changed.textContent).toContain("Wachtwoord gewijzigd");
    expect(changed.textContent).toContain("Via Safari op iOS");
    expect(changed.querySelector("time")?.textContent).toBe("3 dagen geleden");
    expect(confirmed.textContent).toContain("Account bevestigd");

    const help = within(panel()).getByRole("link", { name: "Wijzig je wachtwoord." });
    expect(help.getAttribute("href")).toBe("/auth/recover");
    expect(help.parentElement?.textContent).toBe(
      "Zie je iets dat je niet kent? Wijzig je wachtwoord.",
    );
  });

  it("says the same in English", async () => {
    renderMenu("en");
    fireEvent.click(button("Activity"));
    await within(panel("Activity")).findByRole("list", { name: "Recent activity" });
    const [signedIn, unlocked, locked, changed, confirmed] = items("Activity");
    expect(signedIn.textContent).toContain("Signed in");
    expect(signedIn.textContent).toContain("Via Firefox op Linux");
    expect(signedIn.querySelector("time")?.textContent).toBe("just now");
    expect(unlocked.textContent).toContain("Account unlocked");
    expect(locked.textContent).toContain("Account locked after too many attempts");
    expect(locked.querySelector("time")?.textContent).toBe("2 hours ago");
    expect(changed.textContent).toContain("Password changed");
    expect(confirmed.textContent).toContain("Account confirmed");
    expect(
      within(panel("Activity"))
        .getByRole("link", { name: "Change your password." })
        .getAttribute("href"),
    ).toBe("/auth/recover");
  });

  it("gives every action its own sentence, and one for an action it does not know", async () => {
    rows = [
      "signed_in",
      "signed_out",
      "password_changed",
      "password_reset_requested",
      "account_confirmed",
      "account_locked",
      "account_unlocked",
      "two_factor_enabled",
    ].map((action, index) => ({
      id: String(index + 1),
      action,
      client: null,
      by_self: true,
      created_at: minutesAgo(index * 10),
    }));
    renderMenu();
    fireEvent.click(button());
    await within(panel()).findByRole("list", { name: "Recente activiteit" });
    expect(items().map((item) => item.firstElementChild?.textContent)).toEqual([
      nl.activity.actions.signedIn,
      nl.activity.actions.signedOut,
      nl.activity.actions.passwordChanged,
      nl.activity.actions.passwordResetRequested,
      nl.activity.actions.accountConfirmed,
      nl.activity.actions.accountLocked,
      nl.activity.actions.accountUnlocked,
      nl.activity.actions.other,
    ]);
  });

  it("marks, in words, the events the system did rather than the user", async () => {
    renderMenu();
    fireEvent.click(button());
    await within(panel()).findByRole("list", { name: "Recente activiteit" });
    const note = "Niet vanuit je account gedaan";
    expect(items().map((item) => item.textContent?.includes(note))).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
  });

  it("shows loading, then says so when there is no activity", async () => {
    rows = [];
    renderMenu();
    fireEvent.click(button());
    expect(within(panel()).getByRole("status").textContent).toBe(nl.common.loading);
    expect(
      await within(panel()).findByText("Er is nog geen activiteit op je account."),
    ).toBeTruthy();
    expect(within(panel()).queryByRole("list")).toBeNull();
    expect(within(panel()).queryByRole("status")).toBeNull();
  });

  it("says so when loading fails, and 'Opnieuw proberen' asks again", async () => {
    failStatus = 500;
    renderMenu();
    fireEvent.click(button());
    const alert = await within(panel()).findByRole("alert");
    expect(alert.textContent).toContain("Je activiteit kon niet worden geladen.");
    expect(sent).toHaveLength(1);

    failStatus = null;
    fireEvent.click(within(alert).getByRole("button", { name: "Opnieuw proberen" }));
    await within(panel()).findByRole("list", { name: "Recente activiteit" });
    expect(sent).toHaveLength(2);
    expect(within(panel()).queryByRole("alert")).toBeNull();
  });

  it("Escape closes the panel and puts focus back on the button", async () => {
    renderMenu();
    fireEvent.click(button());
    const link = await within(panel()).findByRole("link", { name: "Wijzig je wachtwoord." });
    link.focus();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(panel().hidden).toBe(true);
    expect(button().getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button());
  });

  it("a press outside closes it without moving focus; following the help link closes it", async () => {
    renderMenu();
    fireEvent.click(button());
    await within(panel()).findByRole("list", { name: "Recente activiteit" });
    const elsewhere = screen.getByRole("button", { name: "Elders" });
    elsewhere.focus();
    fireEvent.pointerDown(elsewhere);
    expect(panel().hidden).toBe(true);
    expect(document.activeElement).toBe(elsewhere);

    fireEvent.click(button());
    const help = await within(panel()).findByRole("link", { name: "Wijzig je wachtwoord." });
    // jsdom cannot follow it to another document; the panel closing is what is tested here.
    help.addEventListener("click", (event) => event.preventDefault());
    fireEvent.click(help);
    await waitFor(() => expect(panel().hidden).toBe(true));
  });
});
