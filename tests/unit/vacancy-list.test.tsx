import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { addDays, format, parseISO } from "date-fns";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "@/components/toasts/toast-provider";
import { VacancyList } from "@/components/vacancies/vacancy-list";
import { timeZone } from "@/lib/i18n/config";
import { parseListState } from "@/lib/lists/list-state";
import { createToastStore } from "@/lib/toasts/toast-store";
import { siteToday } from "@/lib/vacancies/closed";
import { VACANCY_LIST, vacancyListQuery } from "@/lib/vacancies/vacancy-list";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";
import {
  commonAnswer,
  currentUser,
  jsonResponse,
  listDocument,
  type TFakeVacancy,
  type TSent,
  vacancyResource,
} from "./support/fake-vacancies";

// /vacancies: the URL is the list's state; the status menu offers the machine's steps.

let search = "";
const push = vi.fn();
vi.mock("next/navigation", () => ({
  useRouter: () => ({ push, replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => "/vacancies",
  useSearchParams: () => new URLSearchParams(search),
}));

let rows: TFakeVacancy[];
let roles: { name: string; on: number | null }[];
let reviews: boolean;
let transition: (id: string, status: string) => Response;
const sent: TSent[] = [];

function fakeApi(input: RequestInfo | URL, init: RequestInit = {}): Response {
  const url = new URL(String(input), "http://site.invalid");
  const method = init.method ?? "GET";
  sent.push({
    method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    body: init.body ? JSON.parse(String(init.body)) : null,
  });
  if (url.pathname === "/api/v1/current_user") return jsonResponse(currentUser(roles));
  const common = commonAnswer(url, { reviews, centreAdmin: roles.some((r) => r.on === 1) });
  if (common) return common;
  if (url.pathname === "/api/v1/managed_vacancies") return jsonResponse(listDocument(rows, 42));
  const step = /^\/api\/v1\/vacancies\/(\d+)\/transition$/.exec(url.pathname);
  if (step && method === "PUT") {
    const body = JSON.parse(String(init.body)) as { data: { attributes: { status: string } } };
    return transition(step[1], body.data.attributes.status);
  }
  const copy = /^\/api\/v1\/vacancies\/(\d+)\/duplicate$/.exec(url.pathname);
  if (copy && method === "POST") {
    return jsonResponse(
      { data: vacancyResource({ id: "99", title: "Kopie van Voorlezen", status: "draft" }) },
      201,
    );
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
          <VacancyList />
        </ToastProvider>
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

/**
 * A row's button: the action and, for screen readers, the vacancy's title. jsdom has no
 * CSS, so the visually hidden title joins the name without the space a browser keeps.
 */
const named = (action: string, title: string) => new RegExp(`^${action}\\s*${title}$`);

/** The status menus wait for the roles and the centre's setting besides the list. */
const stepsShown = () =>
  screen.findAllByRole("button", { name: /^Status wijzigen/ }, { timeout: 5_000 });

const listCall = () => sent.find((request) => request.path === "/api/v1/managed_vacancies");
const rowOf = async (title: string) => {
  const table = await screen.findByRole("table");
  const header = await within(table).findByRole("rowheader", { name: title });
  return header.closest("tr") as HTMLTableRowElement;
};

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
  push.mockReset();
  reviews = true;
  roles = [{ name: "member", on: 5 }];
  rows = [
    { id: "1", title: "Concept", status: "draft" },
    { id: "2", title: "Wacht", status: "pending" },
    {
      id: "3",
      title: "Voorlezen",
      status: "published",
      closes_on: "2026-12-24",
      applications_count: 5,
      open_applications_count: 2,
    },
    { id: "4", title: "Dicht", status: "closed" },
    { id: "5", title: "Oud", status: "archived" },
  ];
  transition = (id, status) =>
    jsonResponse({ data: { type: "vacancy", id, attributes: { title: "x", status } } });
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) =>
    fakeApi(input, init),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("/vacancies: the URL state", { timeout: 20_000 }, () => {
  const state = (query: string) => parseListState(new URLSearchParams(query), VACANCY_LIST);

  it("reads status, deadline, search, order and page into the api's filters", () => {
    const today = "2026-11-26";
    expect(
      vacancyListQuery(
        state("status=published&deadline=week&q=%20koken%20&sort=title&page%5Bnumber%5D=2"),
        today,
      ),
    ).toEqual({
      filter: {
        status_eq: "published",
        title_i_cont: "koken",
        closes_on_gteq: "2026-11-26",
        closes_on_lteq: "2026-12-03",
      },
      sort: "title",
      page: { number: 2, size: 25 },
    });
    expect(vacancyListQuery(state("deadline=past"), today).filter).toEqual({
      closes_on_lt: "2026-11-26",
    });
    expect(vacancyListQuery(state("deadline=none"), today).filter).toEqual({
      closes_on_null: "true",
    });
    // What the page does not allow reads as no filter and the default order.
    expect(vacancyListQuery(state("status=gone&deadline=soon&sort=-secret"), today)).toEqual({
      filter: {},
      sort: "-updated_at",
      page: { number: 1, size: 25 },
    });
  });

  it("asks the api for what the URL says, and its links keep the filters", async () => {
    search = "status=published&deadline=month&q=lezen&sort=-closes_on";
    renderPage();
    await screen.findByRole("table");
    const today = siteToday();
    expect(listCall()?.query).toMatchObject({
      "filter[status_eq]": "published",
      "filter[title_i_cont]": "lezen",
      "filter[closes_on_gteq]": today,
      "filter[closes_on_lteq]": format(addDays(parseISO(today), 30), "yyyy-MM-dd"),
      sort: "-closes_on",
    });
    expect(screen.getByLabelText("Zoek op titel")).toHaveProperty("value", "lezen");
    expect(screen.getByLabelText("Status", { selector: "select" })).toHaveProperty(
      "value",
      "published",
    );
    const deadline = screen.getByRole("columnheader", { name: /Sluitingsdatum/ });
    expect(deadline.getAttribute("aria-sort")).toBe("descending");
    expect(within(deadline).getByRole("link").getAttribute("href")).toBe(
      "/vacancies?status=published&deadline=month&q=lezen&sort=closes_on",
    );
    // The bulk edit opens on the same filtered list.
    expect(
      screen.getByRole("link", { name: "Meerdere tegelijk bewerken" }).getAttribute("href"),
    ).toBe("/vacancies/bulk-edit?status=published&deadline=month&q=lezen&sort=-closes_on");
  });

  it("shows a row's title as a link to its edit page, the applications and the deadline", async () => {
    renderPage("en");
    const row = await rowOf("Voorlezen");
    expect(within(row).getByRole("link", { name: "Voorlezen" }).getAttribute("href")).toBe(
      "/vacancies/3/edit",
    );
    expect(within(row).getByText("2 open / 5")).toBeTruthy();
    expect(within(row).getByText("Published")).toBeTruthy();
    expect(within(row).getByText("Dec 24, 2026")).toBeTruthy();
    expect(await within(row).findByText("Organisatie 5")).toBeTruthy();
  });

  it("a list the api refuses (a volunteer) is the 403 screen", async () => {
    roles = [{ name: "volunteer", on: null }];
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://site.invalid");
      if (url.pathname === "/api/v1/managed_vacancies")
        return jsonResponse({ errors: [{ status: "403", code: "forbidden" }] }, 403);
      return fakeApi(input, init);
    });
    renderPage();
    expect(
      await screen.findByRole("heading", { level: 1, name: nl.errors.forbidden.title }),
    ).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });
});

// Each page waits for the list, the roles and the centre's setting: more than vitest's
// default 5 s on a busy machine.
describe("/vacancies: the status menu offers the machine's steps", { timeout: 20_000 }, () => {
  const menu = async (title: string) => {
    const row = await rowOf(title);
    const button = within(row).queryByRole("button", { name: named("Status wijzigen", title) });
    if (!button) return null;
    fireEvent.click(button);
    return within(row)
      .getAllByRole("listitem")
      .map((item) => item.textContent?.replace(` ${title}`, ""));
  };

  it("staff where the centre reviews: submit a draft, take back a pending one, close, reopen", async () => {
    renderPage();
    await screen.findByRole("table");
    // The steps wait for the centre's setting and the caller's roles.
    await stepsShown();
    expect(await menu("Concept")).toEqual(["Ter beoordeling aanbieden"]);
    expect(await menu("Wacht")).toEqual(["Terug naar concept"]);
    expect(await menu("Voorlezen")).toEqual(["Sluiten", "Archiveren"]);
    expect(await menu("Dicht")).toEqual(["Heropenen", "Archiveren"]);
    expect(await menu("Oud")).toBeNull();
    // Deleting only what was never public.
    const deletable = screen
      .getAllByRole("button")
      .map((button) => button.textContent)
      .filter((text) => text?.startsWith("Verwijderen "));
    expect(deletable).toEqual(["Verwijderen Concept", "Verwijderen Wacht"]);
  });

  it("a centre's admin publishes a draft and a pending one", async () => {
    roles = [{ name: "admin", on: 1 }];
    renderPage();
    await stepsShown();
    expect(await menu("Concept")).toEqual(["Ter beoordeling aanbieden", "Publiceren"]);
    expect(await menu("Wacht")).toEqual(["Publiceren", "Terug naar concept"]);
  });

  it("where the centre does not review, staff publish a draft at once", async () => {
    reviews = false;
    renderPage();
    await stepsShown();
    expect(await menu("Concept")).toEqual(["Publiceren"]);
  });

  it("closing asks first, names the applications it closes, and sends the step", async () => {
    transition = (id, status) =>
      jsonResponse({
        data: { type: "vacancy", id, attributes: { title: "Voorlezen", status } },
        meta: { closed_applications: 2 },
      });
    renderPage();
    await stepsShown();
    const row = await rowOf("Voorlezen");
    fireEvent.click(
      within(row).getByRole("button", { name: named("Status wijzigen", "Voorlezen") }),
    );
    fireEvent.click(within(row).getByRole("button", { name: named("Sluiten", "Voorlezen") }));
    const dialog = screen.getByRole("dialog", { name: "Voorlezen: Gesloten?" });
    expect(dialog.textContent).toContain("De 2 open reacties worden gesloten");
    // Nothing is sent before the confirmation.
    expect(sent.some((r) => r.method === "PUT")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Sluiten" }));
    expect(
      await screen.findByText(/Voorlezen is nu Gesloten; 2 open reacties zijn gesloten/),
    ).toBeTruthy();
    const put = sent.find((r) => r.method === "PUT");
    expect(put?.path).toBe("/api/v1/vacancies/3/transition");
    expect(put?.body).toEqual({
      data: { type: "vacancies", id: "3", attributes: { status: "closed" } },
    });
  });

  it("a step the api refuses says why", async () => {
    transition = () =>
      jsonResponse(
        {
          errors: [
            {
              status: "422",
              code: "invalid_transition",
              source: { pointer: "/data/attributes/status" },
              detail: "Status cannot change from pending to draft",
            },
          ],
        },
        422,
      );
    renderPage();
    await stepsShown();
    const row = await rowOf("Wacht");
    fireEvent.click(within(row).getByRole("button", { name: named("Status wijzigen", "Wacht") }));
    fireEvent.click(
      within(row).getByRole("button", { name: named("Terug naar concept", "Wacht") }),
    );
    expect(
      await screen.findByText("Deze stap kan niet vanuit de huidige status (ververs de lijst)."),
    ).toBeTruthy();
  });

  it("copying goes to the copy's edit page", async () => {
    renderPage();
    const row = await rowOf("Voorlezen");
    fireEvent.click(within(row).getByRole("button", { name: named("Kopiëren", "Voorlezen") }));
    await vi.waitFor(() => expect(push).toHaveBeenCalledWith("/vacancies/99/edit"));
    expect(
      sent.some((r) => r.method === "POST" && r.path === "/api/v1/vacancies/3/duplicate"),
    ).toBe(true);
  });
});
