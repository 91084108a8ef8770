import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { badgeText, NotificationBell } from "@/components/notifications/notification-bell";
import { ToastProvider } from "@/components/toasts/toast-provider";
import { QUERY_STALE_TIME_MS } from "@/lib/api/query-client";
import type { AuthStatus } from "@/lib/auth/auth-state";
import { timeZone } from "@/lib/i18n/config";
import { UNREAD_REFRESH_MS } from "@/lib/notifications/use-unread-count";
import { createToastStore, type ToastStore } from "@/lib/toasts/toast-store";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";

// The bell against a fake api behind fetch, the way the browser client reaches the BFF:
// GET /api/v1/notifications, PATCH /api/v1/notifications/:id, POST …/mark_all_read.

const events: string[] = [];
const push = vi.fn((path: string) => {
  events.push(`push ${path}`);
});
let authStatus: AuthStatus = "SIGNED_IN";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push, replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => "/",
  useSearchParams: () => new URLSearchParams(),
}));
vi.mock("@/lib/auth/use-auth", () => ({
  useAuth: () => ({ status: authStatus, user: null, roles: [], signIn: vi.fn(), signOut: vi.fn() }),
}));

type Row = {
  id: string;
  kind: string;
  title: string;
  body: string | null;
  url: string | null;
  read_at: string | null;
  created_at: string;
};

const NOW = Date.now();
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

let rows: Row[];
let failWith: { method: string; status: number } | null;
type Sent = { method: string; path: string; query: URLSearchParams; body: unknown };
const sent: Sent[] = [];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/vnd.api+json" },
  });

const unreadCount = () => rows.filter((row) => !row.read_at).length;
const resource = ({ id, ...attributes }: Row) => ({ type: "notification", id, attributes });

function fakeApi(input: RequestInfo | URL, init: RequestInit = {}): Response {
  const url = new URL(String(input), "http://site.invalid");
  const method = init.method ?? "GET";
  const body = init.body ? JSON.parse(String(init.body)) : undefined;
  sent.push({ method, path: url.pathname, query: url.searchParams, body });
  events.push(`${method} ${url.pathname}`);
  if (failWith?.method === method) return json({ errors: [{ status: "500" }] }, failWith.status);

  if (method === "GET" && url.pathname === "/api/v1/notifications") {
    const size = Number(url.searchParams.get("page[size]"));
    const number = Number(url.searchParams.get("page[number]"));
    const newest = [...rows].sort((a, b) => b.created_at.localeCompare(a.created_at));
    return json({
      data: newest.slice((number - 1) * size, number * size).map(resource),
      meta: { pagination: { current: number, records: rows.length }, unread_count: unreadCount() },
    });
  }
  const patch = /^\/api\/v1\/notifications\/(\d+)$/.exec(url.pathname);
  if (method === "PATCH" && patch) {
    const row = rows.find((r) => r.id === patch[1])!;
    row.read_at = body.data.attributes.read ? new Date().toISOString() : null;
    return json({ data: resource(row), meta: { unread_count: unreadCount() } });
  }
  if (method === "POST" && url.pathname === "/api/v1/notifications/mark_all_read") {
    const marked = unreadCount();
    for (const row of rows) row.read_at ??= new Date().toISOString();
    return json({ meta: { unread_count: 0, marked } });
  }
  return json({ errors: [{ status: "404" }] }, 404);
}

/** Four like the seed's (the two newest unread), or `unread` more unread ones. */
function seed({ unread }: { unread?: number } = {}) {
  rows = [
    {
      id: "1",
      kind: "application",
      title: "Je aanmelding is ontvangen",
      body: "De organisatie neemt binnenkort contact met je op.",
      url: "/applications",
      read_at: null,
      created_at: minutesAgo(12),
    },
    {
      id: "2",
      kind: "message",
      title: "Nieuw bericht",
      body: null,
      url: "/conversations",
      read_at: null,
      created_at: minutesAgo(180),
    },
    {
      id: "3",
      kind: "organization",
      title: "Organisatie goedgekeurd",
      body: "Je kunt nu vacatures plaatsen.",
      url: "/organizations",
      read_at: minutesAgo(60),
      created_at: minutesAgo(2 * 24 * 60),
    },
    {
      id: "4",
      kind: "system",
      title: "Welkom",
      body: null,
      url: "/dashboard",
      read_at: minutesAgo(100),
      created_at: minutesAgo(9 * 24 * 60),
    },
  ];
  if (unread !== undefined) {
    for (const row of rows) row.read_at ??= minutesAgo(1);
    for (let i = 0; i < unread; i++) {
      rows.push({
        id: String(100 + i),
        kind: "system",
        title: `Oud bericht ${i}`,
        body: null,
        url: null,
        read_at: null,
        created_at: minutesAgo(20_000 + i),
      });
    }
  }
}

let toastStore: ToastStore;

function renderBell(locale: "nl" | "en" = "nl") {
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
        <ToastProvider store={toastStore}>
          <NotificationBell />
        </ToastProvider>
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

const bell = (name: string | RegExp = /^Meldingen/) => screen.getByRole("button", { name });
const badge = () => screen.queryByTestId("notification-badge");
const panel = () => document.getElementById(bell().getAttribute("aria-controls")!)!;
const items = () => within(panel()).getAllByRole("listitem");

async function openPanel() {
  fireEvent.click(bell());
  return within(panel()).findByRole("list", { name: "Meldingen" });
}

beforeEach(() => {
  authStatus = "SIGNED_IN";
  failWith = null;
  sent.length = 0;
  events.length = 0;
  push.mockClear();
  toastStore = createToastStore();
  seed();
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) =>
    fakeApi(input, init),
  );
});
afterEach(() => {
  cleanup();
  toastStore.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("the bell's count (meta.unreadCount)", () => {
  it("with 0 unread: named 'Meldingen', no badge", async () => {
    seed({ unread: 0 });
    renderBell();
    // Once the list is there, the count has been read too.
    await openPanel();
    expect(within(panel()).queryByText("(Ongelezen)", { exact: false })).toBeNull();
    expect(bell("Meldingen")).toBeTruthy();
    expect(badge()).toBeNull();
  });

  it("with 3 unread: 'Meldingen, 3 ongelezen' and a badge saying 3", async () => {
    seed({ unread: 3 });
    renderBell();
    expect(await screen.findByRole("button", { name: "Meldingen, 3 ongelezen" })).toBeTruthy();
    expect(badge()?.textContent).toBe("3");
    expect(badge()?.getAttribute("aria-hidden")).toBe("true");
  });

  it("with 120 unread: the name keeps 120, the badge caps at 99+", async () => {
    seed({ unread: 120 });
    renderBell();
    expect(await screen.findByRole("button", { name: "Meldingen, 120 ongelezen" })).toBeTruthy();
    expect(badge()?.textContent).toBe("99+");
    expect(badgeText(99)).toBe("99");
    expect(badgeText(100)).toBe("99+");
  });

  it("says 'Notifications, 3 unread' in English", async () => {
    seed({ unread: 3 });
    renderBell("en");
    expect(await screen.findByRole("button", { name: "Notifications, 3 unread" })).toBeTruthy();
  });

  it("asks for the latest five, newest first, in one request for badge and panel", async () => {
    renderBell();
    await screen.findByRole("button", { name: "Meldingen, 2 ongelezen" });
    await openPanel();
    const gets = sent.filter((request) => request.method === "GET");
    expect(gets).toHaveLength(1);
    expect(gets[0].path).toBe("/api/v1/notifications");
    expect(Object.fromEntries(gets[0].query)).toEqual({
      sort: "-created_at",
      "page[number]": "1",
      "page[size]": "5",
    });
  });

  it("asks again every 60 s", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    renderBell();
    await screen.findByRole("button", { name: "Meldingen, 2 ongelezen" });
    expect(UNREAD_REFRESH_MS).toBe(60_000);
    rows[2].read_at = null;
    act(() => {
      vi.advanceTimersByTime(UNREAD_REFRESH_MS);
    });
    expect(await screen.findByRole("button", { name: "Meldingen, 3 ongelezen" })).toBeTruthy();
    expect(sent.filter((request) => request.method === "GET")).toHaveLength(2);
  });

  it("is not there for a signed-out visitor, and asks nothing", async () => {
    authStatus = "SIGNED_OUT";
    renderBell();
    expect(screen.queryByRole("button")).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toHaveLength(0);
  });
});

describe("the panel", () => {
  it("lists the latest with title, body, time and an unread marker in words", async () => {
    renderBell();
    const button = await screen.findByRole("button", { name: "Meldingen, 2 ongelezen" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(panel().hidden).toBe(true);

    await openPanel();
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(panel().hidden).toBe(false);
    expect(within(panel()).getByRole("heading", { name: "Meldingen" })).toBeTruthy();
    const [first, second, third] = items();
    expect(items()).toHaveLength(4);
    expect(first.textContent).toContain("Je aanmelding is ontvangen");
    expect(first.textContent).toContain("De organisatie neemt binnenkort contact met je op.");
    expect(first.querySelector("time")?.textContent).toBe("12 minuten geleden");
    // Unread: the text for screen readers; read: none.
    expect(within(first).getByText("(Ongelezen)", { exact: false }).className).toContain("sr-only");
    expect(second.textContent).toContain("(Ongelezen)");
    expect(third.textContent).not.toContain("Ongelezen");
    // Internal urls are links to that path.
    expect(within(first).getByRole("link").getAttribute("href")).toBe("/applications");
    expect(within(panel()).getByRole("link", { name: "Alle meldingen" }).getAttribute("href")).toBe(
      "/notificaties",
    );
  });

  it("activating an item sends PATCH read:true, then navigates to its url; the count drops", async () => {
    renderBell();
    await screen.findByRole("button", { name: "Meldingen, 2 ongelezen" });
    await openPanel();
    fireEvent.click(within(items()[0]).getByRole("link"));

    await waitFor(() => expect(push).toHaveBeenCalledWith("/applications"));
    expect(events.filter((event) => !event.startsWith("GET"))).toEqual([
      "PATCH /api/v1/notifications/1",
      "push /applications",
    ]);
    const patch = sent.find((request) => request.method === "PATCH")!;
    expect(patch.body).toEqual({
      data: { type: "notification", id: "1", attributes: { read: true } },
    });
    expect(await screen.findByRole("button", { name: "Meldingen, 1 ongelezen" })).toBeTruthy();
    expect(badge()?.textContent).toBe("1");
    // The panel closed and focus went back to the bell.
    expect(panel().hidden).toBe(true);
    expect(document.activeElement).toBe(bell());
  });

  it("a read item only navigates", async () => {
    renderBell();
    await screen.findByRole("button", { name: "Meldingen, 2 ongelezen" });
    await openPanel();
    fireEvent.click(within(items()[2]).getByRole("link"));
    await waitFor(() => expect(push).toHaveBeenCalledWith("/organizations"));
    expect(sent.filter((request) => request.method === "PATCH")).toHaveLength(0);
  });

  it.each([
    ["https://evil.example/phish"],
    ["javascript:alert(1)"],
    ["//evil.example/x"],
    ["java\nscript:alert(1)"],
  ])("never navigates to %j: the item only marks itself read", async (url) => {
    rows[0].url = url;
    rows[2].url = url;
    renderBell();
    await screen.findByRole("button", { name: "Meldingen, 2 ongelezen" });
    await openPanel();
    expect(within(items()[0]).queryByRole("link")).toBeNull();
    const hrefs = [...panel().querySelectorAll("a")].map((link) => link.getAttribute("href"));
    expect(hrefs).toEqual(["/conversations", "/dashboard", "/notificaties"]);
    // A read item with such a url is no control at all.
    expect(within(items()[2]).queryByRole("button")).toBeNull();

    fireEvent.click(within(items()[0]).getByRole("button"));
    expect(await screen.findByRole("button", { name: "Meldingen, 1 ongelezen" })).toBeTruthy();
    expect(sent.filter((request) => request.method === "PATCH")).toHaveLength(1);
    expect(push).not.toHaveBeenCalled();
  });

  it("a failed PATCH shows a danger toast and still goes where the user asked", async () => {
    renderBell();
    await screen.findByRole("button", { name: "Meldingen, 2 ongelezen" });
    await openPanel();
    failWith = { method: "PATCH", status: 500 };
    fireEvent.click(within(items()[0]).getByRole("link"));
    await waitFor(() => expect(push).toHaveBeenCalledWith("/applications"));
    const toast = toastStore.getSnapshot().toasts[0];
    expect(toast).toMatchObject({
      color: "danger",
      title: nl.notifications.errors.markRead,
    });
    expect(bell("Meldingen, 2 ongelezen")).toBeTruthy();
  });

  it("'Alles als gelezen markeren' posts mark_all_read and clears the badge", async () => {
    renderBell();
    await screen.findByRole("button", { name: "Meldingen, 2 ongelezen" });
    await openPanel();
    const markAll = within(panel()).getByRole("button", { name: "Alles als gelezen markeren" });
    expect(markAll.getAttribute("aria-disabled")).toBe("false");
    fireEvent.click(markAll);

    expect(await screen.findByRole("button", { name: "Meldingen" })).toBeTruthy();
    expect(badge()).toBeNull();
    expect(sent.filter((r) => r.method === "POST").map((r) => r.path)).toEqual([
      "/api/v1/notifications/mark_all_read",
    ]);
    await waitFor(() => expect(within(panel()).queryByText("(Ongelezen)")).toBeNull());
    expect(markAll.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(markAll);
    expect(sent.filter((r) => r.method === "POST")).toHaveLength(1);
  });

  it("a failed mark-all shows a danger toast", async () => {
    renderBell();
    await screen.findByRole("button", { name: "Meldingen, 2 ongelezen" });
    await openPanel();
    failWith = { method: "POST", status: 500 };
    fireEvent.click(within(panel()).getByRole("button", { name: "Alles als gelezen markeren" }));
    await waitFor(() =>
      expect(toastStore.getSnapshot().toasts[0]).toMatchObject({
        color: "danger",
        title: nl.notifications.errors.markAllRead,
      }),
    );
  });

  it("says so when there are none, with 'mark all read' disabled", async () => {
    rows = [];
    renderBell();
    await waitFor(() => expect(sent).toHaveLength(1));
    fireEvent.click(bell());
    expect(await within(panel()).findByText("Je hebt geen meldingen.")).toBeTruthy();
    expect(
      within(panel())
        .getByRole("button", { name: "Alles als gelezen markeren" })
        .getAttribute("aria-disabled"),
    ).toBe("true");
  });

  it("shows loading, then an error with a retry that works", async () => {
    failWith = { method: "GET", status: 500 };
    renderBell();
    fireEvent.click(bell());
    expect(within(panel()).getByRole("status").textContent).toBe("Bezig met laden…");
    const alert = await within(panel()).findByRole("alert");
    expect(alert.textContent).toContain("Je meldingen konden niet worden geladen.");
    failWith = null;
    fireEvent.click(within(alert).getByRole("button", { name: "Opnieuw proberen" }));
    expect(await within(panel()).findByRole("list", { name: "Meldingen" })).toBeTruthy();
    expect(bell("Meldingen, 2 ongelezen")).toBeTruthy();
  });

  it("closes on Escape with focus back on the bell, and on a click outside", async () => {
    renderBell();
    await screen.findByRole("button", { name: "Meldingen, 2 ongelezen" });
    await openPanel();
    within(panel()).getByRole("link", { name: "Alle meldingen" }).focus();
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(bell().getAttribute("aria-expanded")).toBe("false");
    expect(panel().hidden).toBe(true);
    expect(document.activeElement).toBe(bell());

    await openPanel();
    fireEvent.pointerDown(document.body);
    expect(bell().getAttribute("aria-expanded")).toBe("false");
  });
});
