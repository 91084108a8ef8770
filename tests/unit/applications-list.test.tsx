import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApplicationsPage } from "@/components/applications/applications-page";
import { ToastProvider } from "@/components/toasts/toast-provider";
import {
  APPLICATIONS_LIST,
  applicationsListQuery,
  effectiveScope,
  vacancyParam,
} from "@/lib/applications/applications-list";
import { timeZone } from "@/lib/i18n/config";
import { listHref, parseListState } from "@/lib/lists/list-state";
import { createToastStore } from "@/lib/toasts/toast-store";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";
import {
  jsonResponse,
  listDocument,
  type TFakeApplication,
  type TSent,
} from "./support/fake-applications";

// /applications: the URL is the list's state; the api query follows it.

let search = "";
vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => "/applications",
  useSearchParams: () => new URLSearchParams(search),
}));

let roles: string[];
let rows: TFakeApplication[];
const sent: TSent[] = [];

function fakeApi(input: RequestInfo | URL, init: RequestInit = {}): Response {
  const url = new URL(String(input), "http://site.invalid");
  const method = init.method ?? "GET";
  sent.push({
    method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    body: null,
  });
  if (url.pathname === "/api/v1/current_user")
    return jsonResponse({
      data: {
        type: "users",
        id: "3",
        attributes: { email: "vera@example.test" },
        relationships: {
          roles: { data: roles.map((_, index) => ({ type: "role", id: String(index + 1) })) },
        },
      },
      included: roles.map((name, index) => ({
        type: "role",
        id: String(index + 1),
        attributes: { name, resource_type: null, resource_id: null },
      })),
    });
  if (url.pathname === "/api/v1/applications") return jsonResponse(listDocument(rows, 42));
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
          <ApplicationsPage />
        </ToastProvider>
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

const listCall = () => sent.find((request) => request.path === "/api/v1/applications");
const vera = {
  id: "8",
  first_name: "Vera",
  last_name: "Jansen",
  email: "vera@example.test",
  phone: null,
};

beforeEach(() => {
  search = "";
  sent.length = 0;
  roles = ["volunteer"];
  rows = [
    {
      id: "21",
      status: "new",
      vacancy: { id: "7", title: "Voorlezen" },
      user: vera,
      created_at: "2026-11-20T10:00:00.000Z",
    },
  ];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) =>
    fakeApi(input, init),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("/applications: the URL state", () => {
  const state = (query: string) => parseListState(new URLSearchParams(query), APPLICATIONS_LIST);

  it("reads filters, search, order and page, and drops what it does not allow", () => {
    const s = state(
      "status=accepted&waiting=true&q=%20koken%20&sort=status_changed_at&page%5Bnumber%5D=2&scope=own",
    );
    expect(applicationsListQuery(s, effectiveScope(s, true), undefined)).toEqual({
      filter: { scope: "own", status_eq: "accepted", waiting: "true", q: "koken" },
      sort: "status_changed_at",
      page: { number: 2, size: 25 },
      include: "vacancy",
    });
    const odd = state("status=lost&waiting=maybe&sort=-title&scope=everyone");
    expect(applicationsListQuery(odd, effectiveScope(odd, true), undefined)).toEqual({
      filter: { scope: "managed" },
      sort: "-created_at",
      page: { number: 1, size: 25 },
      include: "vacancy,user",
    });
  });

  it("staff start on managed; a volunteer always sees their own", () => {
    expect(effectiveScope(state(""), true)).toBe("managed");
    expect(effectiveScope(state("scope=own"), true)).toBe("own");
    expect(effectiveScope(state("scope=managed"), false)).toBe("own");
  });

  it("narrows managed applications to one vacancy by id only", () => {
    const params = new URLSearchParams("vacancy=7");
    expect(vacancyParam(params)).toBe("7");
    expect(vacancyParam(new URLSearchParams("vacancy=7;drop"))).toBeUndefined();
    expect(applicationsListQuery(state(""), "managed", "7").filter).toMatchObject({
      vacancy_id_eq: "7",
    });
    expect(applicationsListQuery(state(""), "own", "7").filter).not.toHaveProperty("vacancy_id_eq");
  });

  it("a new tab or filter starts again at page 1 and keeps the page size", () => {
    expect(
      listHref("/applications", "page%5Bnumber%5D=3&page%5Bsize%5D=50&vacancy=7", {
        scope: "own",
        vacancy: null,
      }),
    ).toBe("/applications?page%5Bsize%5D=50&scope=own");
  });
});

describe("/applications: the page", () => {
  it("a volunteer: their own, no tabs, a row linking to the detail", async () => {
    renderPage();
    const table = await screen.findByRole("table");
    expect(screen.queryByRole("navigation", { name: "Welke reacties" })).toBeNull();
    expect(screen.getByRole("heading", { level: 1, name: "Reacties" })).toBeTruthy();
    expect(listCall()?.query).toMatchObject({ "filter[scope]": "own", include: "vacancy" });
    expect(within(table).getByRole("link", { name: "Voorlezen" }).getAttribute("href")).toBe(
      "/applications/21",
    );
    expect(within(table).getByText("Nieuw")).toBeTruthy();
    expect(within(table).queryByText("Vera Jansen")).toBeNull();
    expect(screen.getAllByRole("status").some((el) => el.textContent === "42 reacties")).toBe(true);
  });

  it("staff: two tabs, managed first and current, with applicant and waiting", async () => {
    roles = ["member"];
    renderPage();
    const table = await screen.findByRole("table");
    const tabs = within(screen.getByRole("navigation", { name: "Welke reacties" }))
      .getAllByRole("link")
      .map((link) => [
        link.textContent,
        link.getAttribute("aria-current"),
        link.getAttribute("href"),
      ]);
    expect(tabs).toEqual([
      ["Reacties op mijn vacatures", "page", "/applications?scope=managed"],
      ["Mijn reacties", null, "/applications?scope=own"],
    ]);
    expect(listCall()?.query).toMatchObject({
      "filter[scope]": "managed",
      include: "vacancy,user",
    });
    expect(within(table).getByText("Vera Jansen")).toBeTruthy();
    expect(within(table).getByText("wacht op antwoord")).toBeTruthy();
    expect(
      within(table)
        .getByRole("link", { name: "Alleen deze vacature: Voorlezen" })
        .getAttribute("href"),
    ).toBe("/applications?vacancy=7");
  });

  it("staff on a vacancy's applications: the filter is said and can be cleared", async () => {
    roles = ["admin"];
    search = "vacancy=7&status=new&sort=-status_changed_at";
    renderPage("en");
    await screen.findByRole("table");
    expect(listCall()?.query).toMatchObject({
      "filter[vacancy_id_eq]": "7",
      "filter[status_eq]": "new",
      sort: "-status_changed_at",
    });
    expect(screen.getByText("Only applications to one vacancy.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Show all vacancies" }).getAttribute("href")).toBe(
      "/applications?status=new&sort=-status_changed_at",
    );
    expect(
      screen.getByRole("columnheader", { name: /Last changed/ }).getAttribute("aria-sort"),
    ).toBe("descending");
  });
});
