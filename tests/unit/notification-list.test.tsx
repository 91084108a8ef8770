import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NotificationList } from "@/components/notifications/notification-list";
import { ToastProvider } from "@/components/toasts/toast-provider";
import { QUERY_STALE_TIME_MS } from "@/lib/api/query-client";
import { timeZone } from "@/lib/i18n/config";
import {
  filterHref,
  listParams,
  pageHref,
  pageItems,
  parsePageNumber,
} from "@/lib/notifications/list-params";
import { createToastStore, type ToastStore } from "@/lib/toasts/toast-store";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";

// /notificaties against a fake api behind fetch; the URL's query is the page's state.

let search = "";
const push = vi.fn();
vi.mock("next/navigation", () => ({
  useRouter: () => ({ push, replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => "/notificaties",
  useSearchParams: () => new URLSearchParams(search),
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
const hoursAgo = (hours: number) => new Date(NOW - hours * 3_600_000).toISOString();

let rows: Row[];
let failGets = 0;
type Sent = { method: string; path: string; query: Record<string, string>; body: unknown };
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
  sent.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), body });

  if (method === "GET" && url.pathname === "/api/v1/notifications") {
    if (failGets > 0) {
      failGets--;
      return json({ errors: [{ status: "500", title: "Boom" }] }, 500);
    }
    const size = Number(url.searchParams.get("page[size]"));
    const number = Number(url.searchParams.get("page[number]"));
    const unreadOnly = url.searchParams.get("filter[read_at_null]") === "true";
    const matching = rows
      .filter((row) => !unreadOnly || !row.read_at)
      .sort((a, b) => b.created_at.localeCompare(a.created_at));
    return json({
      data: matching.slice((number - 1) * size, number * size).map(resource),
      meta: {
        pagination: { current: number, records: matching.length },
        unread_count: unreadCount(),
      },
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

function makeRows(count: number, unread: number): Row[] {
  return Array.from({ length: count }, (_, index) => ({
    id: String(index + 1),
    kind: "system",
    title: `Melding ${index + 1}`,
    body: index === 0 ? "De eerste, met tekst." : null,
    url: index === 1 ? "javascript:alert(1)" : `/vacancies/${index + 1}`,
    read_at: index < unread ? null : hoursAgo(index),
    created_at: hoursAgo(index + 1),
  }));
}

let toastStore: ToastStore;

function renderList(locale: "nl" | "en" = "nl") {
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
          <NotificationList />
        </ToastProvider>
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

const gets = () => sent.filter((request) => request.method === "GET");
const list = () => screen.findByRole("list", { name: "Meldingen" });
const titles = (ol: HTMLElement) =>
  within(ol)
    .getAllByRole("heading", { level: 2 })
    .map((heading) => heading.textContent);
const filterNav = () => screen.getByRole("navigation", { name: "Meldingen filteren" });

beforeEach(() => {
  search = "";
  failGets = 0;
  sent.length = 0;
  push.mockClear();
  toastStore = createToastStore();
  rows = makeRows(4, 2);
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) =>
    fakeApi(input, init),
  );
});
afterEach(() => {
  cleanup();
  toastStore.clear();
  vi.unstubAllGlobals();
});

describe("/notificaties: the list", () => {
  it("shows every notification newest first, as an ordered list of headings", async () => {
    renderList();
    expect(screen.getByRole("heading", { level: 1, name: "Meldingen" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("Bezig met laden…");
    const ol = await list();
    expect(ol.tagName).toBe("OL");
    expect(titles(ol)).toEqual(["Melding 1", "Melding 2", "Melding 3", "Melding 4"]);
    expect(gets()[0].query).toEqual({
      sort: "-created_at",
      "page[number]": "1",
      "page[size]": "25",
    });
    expect(screen.getByText("2 ongelezen meldingen.")).toBeTruthy();

    const [first, second, third] = within(ol).getAllByRole("listitem");
    expect(first.textContent).toContain("De eerste, met tekst.");
    expect(first.querySelector("time")?.textContent).toBe("1 uur geleden");
    expect(within(first).getByText("Ongelezen")).toBeTruthy();
    expect(within(third).getByText("Gelezen")).toBeTruthy();
    // A path on this site is a link; a javascript: url is none.
    expect(within(first).getByRole("link", { name: "Melding 1" }).getAttribute("href")).toBe(
      "/vacancies/1",
    );
    expect(within(second).queryByRole("link")).toBeNull();
    // Only one page: no page navigation.
    expect(screen.queryByRole("navigation", { name: "Pagina's" })).toBeNull();
  });

  it("reads the unread filter from the URL and marks it current", async () => {
    search = "filter=unread";
    renderList();
    const ol = await list();
    expect(titles(ol)).toEqual(["Melding 1", "Melding 2"]);
    expect(gets()[0].query["filter[read_at_null]"]).toBe("true");
    const current = within(filterNav())
      .getAllByRole("link")
      .map((link) => [link.textContent, link.getAttribute("aria-current")]);
    expect(current).toEqual([
      ["Alle", null],
      ["Ongelezen", "page"],
    ]);
  });

  it("filter links keep the page size and start again at page 1", async () => {
    search = "page%5Bnumber%5D=3&page%5Bsize%5D=10";
    rows = makeRows(30, 2);
    renderList();
    await list();
    const unread = within(filterNav()).getByRole("link", { name: "Ongelezen" });
    expect(unread.getAttribute("href")).toBe("/notificaties?page%5Bsize%5D=10&filter=unread");
    expect(
      within(filterNav()).getByRole("link", { name: "Alle" }).getAttribute("aria-current"),
    ).toBe("page");
  });

  it("pages through page[number] and page[size] from the URL, the current page aria-current", async () => {
    search = "page%5Bnumber%5D=2&page%5Bsize%5D=10";
    rows = makeRows(23, 0);
    renderList();
    const ol = await list();
    expect(gets()[0].query).toMatchObject({ "page[number]": "2", "page[size]": "10" });
    expect(titles(ol)).toHaveLength(10);
    expect(titles(ol)[0]).toBe("Melding 11");

    const nav = screen.getByRole("navigation", { name: "Pagina's" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual(["Vorige", "1", "2", "3", "Volgende"]);
    const current = within(nav).getByRole("link", { name: "Pagina 2" });
    expect(current.getAttribute("aria-current")).toBe("page");
    expect(links.filter((link) => link.hasAttribute("aria-current"))).toHaveLength(1);
    const href = (name: string) =>
      new URL(within(nav).getByRole("link", { name }).getAttribute("href")!, "http://x.invalid");
    expect(href("Volgende").searchParams.get("page[number]")).toBe("3");
    expect(href("Volgende").searchParams.get("page[size]")).toBe("10");
    expect(href("Vorige").searchParams.get("page[number]")).toBe("1");

    // The per-page select shows the URL's size.
    expect(
      (screen.getByRole("combobox", { name: "Resultaten per pagina" }) as HTMLSelectElement).value,
    ).toBe("10");
  });

  it("toggles one read and unread again through PATCH", async () => {
    renderList();
    const ol = await list();
    const first = within(ol).getAllByRole("listitem")[0];
    fireEvent.click(within(first).getByRole("button", { name: "Markeer als gelezen: Melding 1" }));
    expect(
      await within(first).findByRole("button", { name: "Markeer als ongelezen: Melding 1" }),
    ).toBeTruthy();
    expect(within(first).getByText("Gelezen")).toBeTruthy();
    expect(await screen.findByText("1 ongelezen melding.")).toBeTruthy();

    fireEvent.click(
      within(first).getByRole("button", { name: "Markeer als ongelezen: Melding 1" }),
    );
    expect(
      await within(first).findByRole("button", { name: "Markeer als gelezen: Melding 1" }),
    ).toBeTruthy();
    const patches = sent.filter((request) => request.method === "PATCH");
    expect(patches.map((request) => [request.path, request.body])).toEqual([
      [
        "/api/v1/notifications/1",
        { data: { type: "notification", id: "1", attributes: { read: true } } },
      ],
      [
        "/api/v1/notifications/1",
        { data: { type: "notification", id: "1", attributes: { read: false } } },
      ],
    ]);
  });

  it("marks all read from the page title's action", async () => {
    renderList();
    await list();
    const markAll = screen.getByRole("button", { name: "Alles als gelezen markeren" });
    fireEvent.click(markAll);
    expect(await screen.findByText("Geen ongelezen meldingen.")).toBeTruthy();
    expect(screen.queryByText("Ongelezen", { selector: "span" })).toBeNull();
    expect(markAll.getAttribute("aria-disabled")).toBe("true");
  });

  it("says there are none yet, with the 'all' filter", async () => {
    rows = [];
    renderList();
    expect(await screen.findByText("Je hebt nog geen meldingen.")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Meldingen" })).toBeNull();
    expect(
      screen
        .getByRole("button", { name: "Alles als gelezen markeren" })
        .getAttribute("aria-disabled"),
    ).toBe("true");
  });

  it("says there are no unread ones, with the unread filter, and links to all", async () => {
    search = "filter=unread";
    rows = makeRows(3, 0);
    renderList();
    expect(
      await screen.findByText("Je hebt geen ongelezen meldingen.", { exact: false }),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Toon alle meldingen" }).getAttribute("href")).toBe(
      "/notificaties",
    );
  });

  it("says a page past the end is empty and links to the first", async () => {
    search = "page%5Bnumber%5D=9";
    renderList();
    expect(
      await screen.findByText("Op deze pagina staan geen meldingen.", { exact: false }),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Naar de eerste pagina" }).getAttribute("href")).toBe(
      "/notificaties?page%5Bnumber%5D=1",
    );
  });

  it("shows an error with a retry that loads the list", async () => {
    failGets = 1;
    renderList();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Je meldingen konden niet worden geladen.");
    fireEvent.click(within(alert).getByRole("button", { name: "Opnieuw proberen" }));
    expect(titles(await list())).toHaveLength(4);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("is in English for an English reader", async () => {
    renderList("en");
    expect(await screen.findByRole("list", { name: "Notifications" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Mark as read: Melding 1" })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Filter notifications" })).toBeTruthy();
    expect(screen.getByText("2 unread notifications.")).toBeTruthy();
  });
});

describe("the list's URL state (lib/notifications/list-params.ts)", () => {
  it("reads filter, page and size, with safe defaults", () => {
    expect(listParams(new URLSearchParams(""))).toEqual({ page: 1, size: 25, filter: "all" });
    expect(listParams(new URLSearchParams("filter=unread&page[number]=4&page[size]=50"))).toEqual({
      page: 4,
      size: 50,
      filter: "unread",
    });
    for (const value of ["0", "-2", "1.5", "abc", "", "1e99"])
      expect(parsePageNumber(value)).toBe(1);
    expect(listParams(new URLSearchParams("filter=read")).filter).toBe("all");
  });

  it("builds filter and page links that keep the other parameters", () => {
    const current = new URLSearchParams("filter=unread&page[number]=2&page[size]=10");
    expect(filterHref(current, "all")).toBe("/notificaties?page%5Bsize%5D=10");
    expect(pageHref(current, 3)).toBe(
      "/notificaties?filter=unread&page%5Bnumber%5D=3&page%5Bsize%5D=10",
    );
  });

  it("shows every page up to seven, else the ends and the neighbours of the current one", () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(1, 20)).toEqual([1, 2, "gap", 20]);
    expect(pageItems(10, 20)).toEqual([1, "gap", 9, 10, 11, "gap", 20]);
    expect(pageItems(3, 20)).toEqual([1, 2, 3, 4, "gap", 20]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, "gap", 20]);
    expect(pageItems(20, 20)).toEqual([1, "gap", 19, 20]);
  });
});
