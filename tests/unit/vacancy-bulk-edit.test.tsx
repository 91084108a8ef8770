import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "@/components/toasts/toast-provider";
import { parseIds, VacancyBulkEdit } from "@/components/vacancies/vacancy-bulk-edit";
import { timeZone } from "@/lib/i18n/config";
import { createToastStore } from "@/lib/toasts/toast-store";
import nl from "@/messages/nl.json";
import {
  commonAnswer,
  currentUser,
  jsonResponse,
  listDocument,
  type TFakeVacancy,
  type TSent,
} from "./support/fake-vacancies";

// /vacancies/bulk-edit: chosen from the list (?ids=), a preview first, then one request;
// a refusal is shown beside the vacancies it names and nothing is applied.

let search = "";
vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => "/vacancies/bulk-edit",
  useSearchParams: () => new URLSearchParams(search),
}));

let rows: TFakeVacancy[];
let bulk: (body: TBulkBody) => Response;
const sent: TSent[] = [];
type TBulkBody = {
  data: { attributes: { ids: string[]; changes: Record<string, unknown> } };
  meta: { preview: boolean };
};

function fakeApi(input: RequestInfo | URL, init: RequestInit = {}): Response {
  const url = new URL(String(input), "http://site.invalid");
  const method = init.method ?? "GET";
  const body = init.body ? JSON.parse(String(init.body)) : null;
  sent.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), body });
  if (url.pathname === "/api/v1/current_user")
    return jsonResponse(currentUser([{ name: "admin", on: 1 }]));
  const common = commonAnswer(url, { reviews: false, centreAdmin: true });
  if (common) return common;
  if (url.pathname === "/api/v1/managed_vacancies") return jsonResponse(listDocument(rows));
  if (url.pathname === "/api/v1/organizations/5/staff") {
    return jsonResponse({
      data: [
        { type: "user", id: "7", attributes: { first_name: "Anna", last_name: "de Vries" } },
        { type: "user", id: "8", attributes: { email: "bram@example.test" } },
      ],
    });
  }
  if (url.pathname === "/api/v1/forms") {
    return jsonResponse({
      data: [{ type: "forms", id: "9", attributes: { title: "Intake", status: "published" } }],
      meta: { pagination: { current: 1, records: 1 } },
    });
  }
  if (url.pathname === "/api/v1/vacancies/bulk_update" && method === "POST")
    return bulk(body as TBulkBody);
  return jsonResponse({ errors: [{ status: "404" }] }, 404);
}

const closing = (preview: boolean) =>
  jsonResponse({
    data: [],
    meta: {
      preview,
      changed_count: 2,
      closed_applications: 3,
      changes: [
        { id: 1, title: "Voorlezen", changes: { status: { from: "published", to: "closed" } } },
        { id: 2, title: "Koken", changes: { status: { from: "published", to: "closed" } } },
      ],
    },
  });

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <NextIntlClientProvider locale="nl" messages={nl} timeZone={timeZone}>
        <ToastProvider store={createToastStore()}>
          <VacancyBulkEdit />
        </ToastProvider>
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

const bulkCalls = () => sent.filter((r) => r.path === "/api/v1/vacancies/bulk_update");

beforeEach(() => {
  search = "ids=1,2";
  sent.length = 0;
  rows = [
    { id: "1", title: "Voorlezen", status: "published", open_applications_count: 2 },
    { id: "2", title: "Koken", status: "published", open_applications_count: 1 },
    { id: "3", title: "Tuinieren", status: "published" },
  ];
  bulk = (body) => closing(body.meta.preview);
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) =>
    fakeApi(input, init),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The changes form's status select (the list's filter has a select named Status too). */
const changesForm = () => screen.getByRole("form", { name: "Wat verandert er?" });

// Each page waits for the list and the roles: more than vitest's default 5 s on a busy machine.
describe("/vacancies/bulk-edit", { timeout: 20_000 }, () => {
  it("reads the chosen ids from the URL: record ids only, no doubles, at most 1000", () => {
    expect(parseIds("1,2,2, 3,x,0,-4")).toEqual(["1", "2", "3"]);
    expect(parseIds(null)).toEqual([]);
    const many = Array.from({ length: 1200 }, (_, i) => String(i + 1)).join(",");
    expect(parseIds(many)).toHaveLength(1000);
  });

  it("previews, then applies in one request, and says how many changed and closed", async () => {
    renderPage();
    const table = await screen.findByRole("table");
    expect(within(table).getByRole("checkbox", { name: "Kies Voorlezen" })).toHaveProperty(
      "checked",
      true,
    );
    expect(within(table).getByRole("checkbox", { name: "Kies Koken" })).toHaveProperty(
      "checked",
      true,
    );
    expect(within(table).getByRole("checkbox", { name: "Kies Tuinieren" })).toHaveProperty(
      "checked",
      false,
    );
    fireEvent.change(within(changesForm()).getByLabelText("Status"), {
      target: { value: "closed" },
    });
    fireEvent.click(within(changesForm()).getByRole("button", { name: "Bekijk wat er verandert" }));

    const preview = await screen.findByRole("region", { name: "Wat er zou veranderen" });
    expect(
      within(preview).getByText("2 van 2 vacatures veranderen; 3 open reacties worden gesloten."),
    ).toBeTruthy();
    const changes = within(preview).getByRole("table");
    expect(within(changes).getByRole("rowheader", { name: "Voorlezen" })).toBeTruthy();
    expect(within(changes).getAllByText("Status: Gepubliceerd → Gesloten")).toHaveLength(2);
    expect(bulkCalls()).toHaveLength(1);
    expect(bulkCalls()[0].body).toEqual({
      data: {
        type: "vacancy_bulk_updates",
        attributes: { ids: ["1", "2"], changes: { status: "closed" } },
      },
      meta: { preview: true },
    });

    fireEvent.click(within(preview).getByRole("button", { name: "Wijzig 2 vacatures" }));
    expect(await screen.findByText("2 vacatures gewijzigd; 3 reacties gesloten.")).toBeTruthy();
    expect(bulkCalls()).toHaveLength(2);
    expect(bulkCalls()[1].body).toMatchObject({
      data: { attributes: { ids: ["1", "2"], changes: { status: "closed" } } },
      meta: { preview: false },
    });
  });

  it("offers the organisation's staff as contact person and sends the tags to add and remove", async () => {
    bulk = (body) =>
      jsonResponse({
        data: [],
        meta: {
          preview: body.meta.preview,
          changed_count: 1,
          closed_applications: 0,
          changes: [
            {
              id: 1,
              title: "Voorlezen",
              changes: {
                contact_person_id: { from: null, to: 7 },
                tag_ids: { from: [5], to: [3] },
              },
            },
          ],
        },
      });
    renderPage();
    await screen.findByRole("table");
    const contact = within(changesForm()).getByLabelText("Contactpersoon");
    // Both chosen vacancies are of organisation 5: its staff, by name or else by address.
    await within(contact).findByRole("option", { name: "Anna de Vries" });
    expect(within(contact).getByRole("option", { name: "bram@example.test" })).toBeTruthy();
    fireEvent.change(contact, { target: { value: "7" } });
    const adding = within(changesForm()).getByRole("group", { name: "Tags toevoegen" });
    fireEvent.click(within(adding).getByRole("checkbox", { name: "Zorg" }));
    const removing = within(changesForm()).getByRole("group", { name: "Tags weghalen" });
    fireEvent.click(within(removing).getByRole("checkbox", { name: "Sport" }));
    fireEvent.click(within(changesForm()).getByRole("button", { name: "Bekijk wat er verandert" }));

    const preview = await screen.findByRole("region", { name: "Wat er zou veranderen" });
    expect(within(preview).getByText("Nieuwe contactpersoon")).toBeTruthy();
    expect(within(preview).getByText("Tags erbij: Zorg")).toBeTruthy();
    expect(within(preview).getByText("Tags eraf: Sport")).toBeTruthy();
    expect(bulkCalls()[0].body).toEqual({
      data: {
        type: "vacancy_bulk_updates",
        attributes: {
          ids: ["1", "2"],
          changes: { contact_person_id: "7", add_tag_ids: ["3"], remove_tag_ids: ["5"] },
        },
      },
      meta: { preview: true },
    });
  });

  it("offers no contact person while the chosen vacancies are of more than one organisation", async () => {
    rows[1] = { ...rows[1], organization_id: 6 };
    renderPage();
    await screen.findByRole("table");
    const contact = within(changesForm()).getByLabelText("Contactpersoon");
    expect(contact).toHaveProperty("disabled", true);
    expect(
      screen.getByText(
        "Alleen als alle gekozen vacatures van één organisatie zijn: de contactpersoon hoort bij die organisatie.",
      ),
    ).toBeTruthy();
    expect(sent.some((r) => r.path.endsWith("/staff"))).toBe(false);
  });

  it("sets an application form of the vacancies' centre or organisation, and names a refused one", async () => {
    bulk = (body) =>
      body.data.attributes.changes.application_form_id === "9"
        ? jsonResponse(
            {
              errors: [
                {
                  status: "422",
                  code: "invalid",
                  source: { pointer: "/data/attributes/changes/application_form_id" },
                  detail:
                    "Application form must be a published form of the organisation or its centre",
                  meta: { vacancy_id: "2" },
                },
              ],
            },
            422,
          )
        : jsonResponse({
            data: [],
            meta: {
              preview: body.meta.preview,
              changed_count: 1,
              closed_applications: 0,
              changes: [
                {
                  id: 1,
                  title: "Voorlezen",
                  changes: { application_form_id: { from: 9, to: null } },
                },
              ],
            },
          });
    renderPage();
    await screen.findByRole("table");
    const select = within(changesForm()).getByLabelText("Aanmeldformulier");
    await within(select).findByRole("option", { name: "Intake" });
    // The published forms of the common centre (1) and the one organisation (5).
    const asked = sent.find((r) => r.path === "/api/v1/forms");
    expect(asked?.query).toMatchObject({
      "filter[status_eq]": "published",
      "filter[organization_id_in]": "1,5",
    });

    fireEvent.change(select, { target: { value: "9" } });
    fireEvent.click(within(changesForm()).getByRole("button", { name: "Bekijk wat er verandert" }));
    const text =
      "Dit formulier is niet gepubliceerd of hoort niet bij de organisatie van deze vacature of haar centrale.";
    const alert = await vi.waitFor(() => {
      const found = screen
        .getAllByRole("alert")
        .find((a) => a.textContent?.includes("Er is niets gewijzigd"));
      if (!found) throw new Error("no refusal shown yet");
      return found;
    });
    expect(alert.textContent).toContain(`Koken: ${text}`);
    expect((bulkCalls()[0].body as TBulkBody).data.attributes.changes).toEqual({
      application_form_id: "9",
    });

    fireEvent.change(select, { target: { value: "none" } });
    fireEvent.click(within(changesForm()).getByRole("button", { name: "Bekijk wat er verandert" }));
    const preview = await screen.findByRole("region", { name: "Wat er zou veranderen" });
    expect(within(preview).getByText("Geen aanmeldformulier meer")).toBeTruthy();
    expect((bulkCalls()[1].body as TBulkBody).data.attributes.changes).toEqual({
      application_form_id: null,
    });
  });

  it("offers no application form while the chosen vacancies are of more than one centre", async () => {
    rows[1] = { ...rows[1], organization_id: 6, volunteer_center_id: 2 };
    renderPage();
    await screen.findByRole("table");
    expect(within(changesForm()).getByLabelText("Aanmeldformulier")).toHaveProperty(
      "disabled",
      true,
    );
    expect(sent.some((r) => r.path === "/api/v1/forms")).toBe(false);
  });

  it("a refusal names the vacancy beside it; nothing is applied", async () => {
    bulk = () =>
      jsonResponse(
        {
          errors: [
            {
              status: "422",
              code: "invalid_transition",
              source: { pointer: "/data/attributes/changes/status" },
              detail: "Status cannot change from published to pending",
              meta: { vacancy_id: "2" },
            },
          ],
        },
        422,
      );
    renderPage();
    await screen.findByRole("table");
    fireEvent.change(within(changesForm()).getByLabelText("Status"), {
      target: { value: "pending" },
    });
    fireEvent.click(within(changesForm()).getByRole("button", { name: "Bekijk wat er verandert" }));

    const text = "Deze status kan niet vanuit de huidige status van deze vacature.";
    const alert = await vi.waitFor(() => {
      const found = screen
        .getAllByRole("alert")
        .find((a) => a.textContent?.includes("Er is niets gewijzigd"));
      if (!found) throw new Error("no refusal shown yet");
      return found;
    });
    expect(alert?.textContent).toContain(`Koken: ${text}`);
    // Beside the vacancy in the list, not beside the others.
    const koken = screen.getByRole("rowheader", { name: "Koken" }).closest("tr") as HTMLElement;
    expect(within(koken).getByText(text)).toBeTruthy();
    const voorlezen = screen
      .getByRole("rowheader", { name: "Voorlezen" })
      .closest("tr") as HTMLElement;
    expect(within(voorlezen).queryByText(text)).toBeNull();
    // No preview, so nothing to apply, and only the preview was asked.
    expect(screen.queryByRole("region", { name: "Wat er zou veranderen" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Wijzig/ })).toBeNull();
    expect(bulkCalls().map((r) => (r.body as TBulkBody).meta.preview)).toEqual([true]);
  });

  it("asks for a choice and a change before it asks the api", async () => {
    search = "";
    renderPage();
    await screen.findByRole("table");
    fireEvent.click(within(changesForm()).getByRole("button", { name: "Bekijk wat er verandert" }));
    expect(await screen.findByText("Kies eerst een of meer vacatures.")).toBeTruthy();
    expect(bulkCalls()).toHaveLength(0);
  });
});
