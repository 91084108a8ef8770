import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ActivityOverviewList } from "@/components/activities/activity-overview-list";
import { ToastProvider } from "@/components/toasts/toast-provider";
import {
  ACTIVITY_OVERVIEW_LIST,
  activityOverviewQuery,
} from "@/lib/activities/managed-activity-list";
import { timeZone } from "@/lib/i18n/config";
import { parseListState } from "@/lib/lists/list-state";
import { createToastStore } from "@/lib/toasts/toast-store";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";
import { jsonResponse } from "./support/fake-vacancies";

// /activiteitenkalender/overzicht: the URL is the list's state; each row offers what its
// status allows (publish a draft, cancel a published one, copy any, delete a draft).

let search = "";
vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => "/activiteitenkalender/overzicht",
  useSearchParams: () => new URLSearchParams(search),
}));

type TSent = { method: string; path: string; query: Record<string, string>; body: unknown };
type TFakeActivity = {
  id: string;
  title: string;
  status: "draft" | "published" | "cancelled";
  capacity?: number | null;
  registered?: number;
  waiting?: number;
  desk?: string;
};
let rows: TFakeActivity[];
let listStatus: number;
const sent: TSent[] = [];

const resource = (a: TFakeActivity) => ({
  type: "activity",
  id: a.id,
  attributes: {
    title: a.title,
    status: a.status,
    starts_at: "2026-12-10T18:00:00.000Z",
    ends_at: null,
    all_day: false,
    capacity: a.capacity ?? null,
    registrations_count: a.registered ?? 0,
    waitlist_count: a.waiting ?? 0,
    desk_id: a.desk ? 7 : null,
    updated_at: "2026-11-20T10:00:00.000Z",
  },
  relationships: { desk: { data: a.desk ? { type: "desk", id: "7" } : null } },
});

function fakeApi(input: RequestInfo | URL, init: RequestInit = {}): Response {
  const url = new URL(String(input), "http://site.invalid");
  const method = init.method ?? "GET";
  sent.push({
    method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    body: init.body ? JSON.parse(String(init.body)) : null,
  });
  if (url.pathname === "/api/v1/managed_activities") {
    if (listStatus !== 200) {
      return jsonResponse({ errors: [{ status: String(listStatus), code: "forbidden" }] }, 403);
    }
    return jsonResponse({
      data: rows.map(resource),
      included: [{ type: "desk", id: "7", attributes: { azc_name: "Balie Noord", slug: "noord" } }],
      meta: { pagination: { current: 1, records: rows.length } },
    });
  }
  const step = /^\/api\/v1\/activities\/(\d+)\/transition$/.exec(url.pathname);
  if (step && method === "PUT") {
    const body = JSON.parse(String(init.body)) as { data: { attributes: { status: string } } };
    const row = rows.find((r) => r.id === step[1]) as TFakeActivity;
    return jsonResponse({
      data: resource({ ...row, status: body.data.attributes.status as "draft" }),
    });
  }
  if (/^\/api\/v1\/activities\/\d+\/copy$/.test(url.pathname) && method === "POST") {
    return jsonResponse({ data: resource({ id: "99", title: "Kopie", status: "draft" }) }, 201);
  }
  if (/^\/api\/v1\/activities\/\d+$/.test(url.pathname) && method === "DELETE") {
    return jsonResponse(null, 204);
  }
  return jsonResponse({ errors: [{ status: "404" }] }, 404);
}

function renderPage(locale: "nl" | "en" = "nl") {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <NextIntlClientProvider
        locale={locale}
        messages={locale === "nl" ? nl : en}
        timeZone={timeZone}
      >
        <ToastProvider store={createToastStore()}>
          <ActivityOverviewList />
        </ToastProvider>
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

const listCall = () => sent.find((request) => request.path === "/api/v1/managed_activities");
const rowOf = async (title: string) => {
  const table = await screen.findByRole("table", {}, { timeout: 5_000 });
  const header = await within(table).findByRole("rowheader", { name: title });
  return header.closest("tr") as HTMLTableRowElement;
};
/** A row's buttons, without the title screen readers hear after each. */
const actionsOf = (row: HTMLElement, title: string) =>
  within(row)
    .getAllByRole("button")
    .filter((button) => !button.closest("dialog"))
    .map((button) => button.textContent?.replace(` ${title}`, "").trim());

beforeAll(() => {
  // jsdom has <dialog> but not its modal methods.
  const proto = HTMLDialogElement.prototype;
  proto.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  proto.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute("open");
  };
});

beforeEach(() => {
  search = "";
  sent.length = 0;
  listStatus = 200;
  rows = [
    { id: "1", title: "Breiclub", status: "draft", desk: "Balie Noord" },
    { id: "2", title: "Taalcafé", status: "published", capacity: 10, registered: 4, waiting: 2 },
    { id: "3", title: "Wandeling", status: "cancelled" },
  ];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) =>
    fakeApi(input, init),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("/activiteitenkalender/overzicht: the URL state", { timeout: 20_000 }, () => {
  const state = (query: string) =>
    parseListState(new URLSearchParams(query), ACTIVITY_OVERVIEW_LIST);
  const now = "2026-11-26T15:00:00.000Z";

  it("reads status, period, search, order and page into the api's filters", () => {
    expect(
      activityOverviewQuery(
        state("status=published&period=upcoming&q=%20taal%20&sort=-title&page%5Bnumber%5D=2"),
        now,
      ),
    ).toEqual({
      filter: { status_eq: "published", title_i_cont: "taal", starts_at_gteq: now },
      include: "desk",
      sort: "-title",
      page: { number: 2, size: 25 },
    });
    expect(activityOverviewQuery(state("period=past"), now).filter).toEqual({
      starts_at_lt: now,
    });
    // What the page does not allow reads as no filter and the default order (by start).
    expect(activityOverviewQuery(state("status=gone&period=soon&sort=capacity"), now)).toEqual({
      filter: {},
      include: "desk",
      sort: "starts_at",
      page: { number: 1, size: 25 },
    });
  });

  it("asks the api for what the URL says, and its links keep the filters", async () => {
    search = "status=draft&period=past&q=brei&sort=-starts_at";
    renderPage();
    await screen.findByRole("table", {}, { timeout: 5_000 });
    expect(listCall()?.query).toMatchObject({
      "filter[status_eq]": "draft",
      "filter[title_i_cont]": "brei",
      sort: "-starts_at",
      include: "desk",
    });
    expect(listCall()?.query["filter[starts_at_lt]"]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(screen.getByLabelText("Zoek op titel")).toHaveProperty("value", "brei");
    expect(screen.getByLabelText("Periode", { selector: "select" })).toHaveProperty(
      "value",
      "past",
    );
    const date = screen.getByRole("columnheader", { name: /Datum/ });
    expect(date.getAttribute("aria-sort")).toBe("descending");
    expect(within(date).getByRole("link").getAttribute("href")).toBe(
      "/activiteitenkalender/overzicht?status=draft&period=past&q=brei&sort=starts_at",
    );
  });

  it("shows the desk, the status and the places taken and waiting", async () => {
    renderPage("en");
    const draft = await rowOf("Breiclub");
    expect(within(draft).getByText("Balie Noord")).toBeTruthy();
    expect(within(draft).getByText("Draft")).toBeTruthy();
    expect(within(draft).getByText("0 (no limit)")).toBeTruthy();
    const published = await rowOf("Taalcafé");
    expect(within(published).getByText(/4 of 10/)).toBeTruthy();
    expect(within(published).getByText(/2 on the waiting list/)).toBeTruthy();
  });

  it("a list the api refuses (a volunteer) is the 403 screen", async () => {
    listStatus = 403;
    renderPage();
    expect(
      await screen.findByRole(
        "heading",
        { level: 1, name: nl.errors.forbidden.title },
        { timeout: 5_000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });
});

describe("/activiteitenkalender/overzicht: the actions per status", { timeout: 20_000 }, () => {
  it("links to adding an activity, and every row to editing it, whatever its status", async () => {
    renderPage();
    expect(
      (await screen.findByRole("link", { name: nl.activityOverview.new })).getAttribute("href"),
    ).toBe("/activiteitenkalender/overzicht/nieuw");
    for (const [id, title] of [
      ["1", "Breiclub"],
      ["3", "Wandeling"],
    ]) {
      const link = within(await rowOf(title)).getByRole("link", {
        // jsdom joins the hidden title without the space a browser reads.
        name: new RegExp(`^${nl.activityOverview.editButton}\\s*${title}$`),
      });
      expect(link.getAttribute("href")).toBe(`/activiteitenkalender/overzicht/${id}/bewerken`);
    }
  });

  it("offers publish, copy and delete for a draft; cancel and copy when published; copy when cancelled", async () => {
    renderPage();
    expect(actionsOf(await rowOf("Breiclub"), "Breiclub")).toEqual([
      "Publiceren",
      "Kopiëren",
      "Verwijderen",
    ]);
    expect(actionsOf(await rowOf("Taalcafé"), "Taalcafé")).toEqual(["Afgelasten", "Kopiëren"]);
    expect(actionsOf(await rowOf("Wandeling"), "Wandeling")).toEqual(["Kopiëren"]);
  });

  it("publishes a draft at once", async () => {
    renderPage();
    const row = await rowOf("Breiclub");
    fireEvent.click(within(row).getByRole("button", { name: /^Publiceren/ }));
    expect(await screen.findByText("Breiclub is gepubliceerd.")).toBeTruthy();
    const put = sent.find((r) => r.method === "PUT");
    expect(put?.path).toBe("/api/v1/activities/1/transition");
    expect(put?.body).toMatchObject({ data: { attributes: { status: "published" } } });
  });

  it("cancels only after a confirmation that says who will be told", async () => {
    renderPage();
    const row = await rowOf("Taalcafé");
    fireEvent.click(within(row).getByRole("button", { name: /^Afgelasten/ }));
    const dialog = within(row).getByRole("dialog");
    expect(
      within(dialog).getByText(/De 6 aangemelde en wachtende deelnemers krijgen bericht/),
    ).toBeTruthy();
    expect(sent.some((r) => r.method === "PUT")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Afgelasten" }));
    expect(await screen.findByText("Taalcafé is afgelast.")).toBeTruthy();
    expect(sent.find((r) => r.method === "PUT")?.body).toMatchObject({
      data: { id: "2", attributes: { status: "cancelled" } },
    });
  });

  it("copies any activity and deletes a draft after confirming", async () => {
    renderPage();
    const cancelled = await rowOf("Wandeling");
    fireEvent.click(within(cancelled).getByRole("button", { name: /^Kopiëren/ }));
    expect(
      await screen.findByText("Er is een kopie van Wandeling gemaakt, als concept."),
    ).toBeTruthy();
    expect(sent.find((r) => r.method === "POST")?.path).toBe("/api/v1/activities/3/copy");
    const draft = await rowOf("Breiclub");
    fireEvent.click(within(draft).getByRole("button", { name: /^Verwijderen/ }));
    const dialog = within(draft).getByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Verwijderen" }));
    expect(await screen.findByText("Breiclub is verwijderd.")).toBeTruthy();
    expect(sent.find((r) => r.method === "DELETE")?.path).toBe("/api/v1/activities/1");
  });
});
