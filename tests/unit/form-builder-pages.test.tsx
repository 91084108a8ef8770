import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const push = vi.fn();
let search = "version=2&q=auto";
vi.mock("next/navigation", () => ({
  useRouter: () => ({ push, replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => "/form_builder/7",
  useSearchParams: () => new URLSearchParams(search),
}));

import { FormDetail } from "@/components/form-builder/form-detail";
import { FormListBody } from "@/components/form-builder/form-list";
import { FormPreview } from "@/components/form-builder/form-preview";
import { FormSubmission } from "@/components/form-builder/form-submission";
import { ToastProvider } from "@/components/toasts/toast-provider";
import { timeZone } from "@/lib/i18n/config";
import { createToastStore } from "@/lib/toasts/toast-store";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";
import { jsonResponse } from "./support/fake-vacancies";

// The form builder's other pages (docs/form-builder.md): the preview draws the public
// renderer and sends nothing; a submission reads with its own version's labels in the
// reader's language; the overview asks for the URL's filters and changes the status.

beforeAll(() => {
  const proto = HTMLDialogElement.prototype;
  proto.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  proto.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute("open");
  };
  window.scrollTo = () => {};
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type TSent = { method: string; path: string; query: URLSearchParams; body: unknown };
let sent: TSent[];
let answer: (sent: TSent) => Response;

beforeEach(() => {
  sent = [];
  search = "version=2&q=auto";
  push.mockReset();
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://site.invalid");
    const body = init.body;
    const request: TSent = {
      method: init.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      body: typeof body === "string" ? JSON.parse(body) : body,
    };
    sent.push(request);
    return answer(request);
  });
});

const label = (nlText: string, enText: string) => ({ nl: nlText, en: enText });
const V1 = {
  steps: [
    {
      id: "step-1",
      fields: [
        {
          id: "auto",
          kind: "yes_no",
          label: label("Heb je een auto?", "Do you have a car?"),
          required: true,
        },
        {
          id: "hulp",
          kind: "multiple_choice",
          label: label("Waarmee help je?", "What do you help with?"),
          required: false,
          options: [
            { value: "koken", label: label("Koken", "Cooking") },
            { value: "rijden", label: label("Rijden", "Driving") },
          ],
        },
      ],
    },
  ],
};
const V2 = {
  steps: [
    {
      id: "step-1",
      fields: [{ id: "naam", kind: "short_text", label: label("Naam", "Name"), required: true }],
    },
  ],
};

const form = (attributes: Record<string, unknown> = {}) => ({
  type: "forms",
  id: "7",
  attributes: {
    title: "Aanmelding",
    status: "published",
    token: "abcdefghijklmnopqrstuv",
    organization_id: 2,
    volunteer_center_id: 1,
    requires_sign_in: false,
    confirmation_mail: false,
    retention_days: null,
    current_version_id: 2,
    version_number: 2,
    definition: V2,
    submission_count: 1,
    created_at: "2026-11-01T10:00:00Z",
    updated_at: "2026-11-02T10:00:00Z",
    ...attributes,
  },
});
const versions = {
  data: [
    {
      type: "form_versions",
      id: "2",
      attributes: {
        form_id: 7,
        number: 2,
        definition: V2,
        submission_count: 0,
        created_at: "2026-11-02T10:00:00Z",
      },
    },
    {
      type: "form_versions",
      id: "1",
      attributes: {
        form_id: 7,
        number: 1,
        definition: V1,
        submission_count: 1,
        created_at: "2026-11-01T10:00:00Z",
      },
    },
  ],
};
const submission = {
  type: "form_submissions",
  id: "30",
  attributes: {
    form_id: 7,
    form_version_id: 1,
    answers: { auto: true, hulp: ["rijden", "koken"] },
    respondent_id: null,
    application_id: null,
    locale: "nl",
    created_at: "2026-11-01T12:00:00Z",
  },
};

function routeApi(request: TSent): Response {
  if (request.method === "GET" && request.path === "/api/v1/forms") {
    const owned = (id: string, title: string, owner: string) => ({
      ...form({ title, organization_id: Number(owner) }),
      id,
      relationships: { organization: { data: { type: "organization", id: owner } } },
    });
    // The names come only when asked for, as the api sends them.
    const included = request.query.get("include")?.split(",").includes("organization")
      ? [
          { type: "organization", id: "2", attributes: { name: "Buurthuis De Kern" } },
          { type: "organization", id: "1", attributes: { name: "Vrijwilligerscentrale Roermond" } },
        ]
      : undefined;
    return jsonResponse({
      data: [owned("7", "Aanmelding", "2"), owned("8", "Vrijwilligersdag", "1")],
      ...(included ? { included } : {}),
      meta: { pagination: { current: 1, records: 2 } },
    });
  }
  if (request.method === "GET" && request.path === "/api/v1/forms/7")
    return jsonResponse({ data: form() });
  // The api refuses any query parameter on the versions list.
  if (request.path === "/api/v1/forms/7/form_versions") {
    return request.query.toString() === ""
      ? jsonResponse(versions)
      : jsonResponse({ errors: [{ status: "400", code: "invalid_parameter" }] }, 400);
  }
  if (request.path === "/api/v1/forms/7/form_submissions/30") {
    return request.method === "DELETE"
      ? new Response(null, { status: 204 })
      : jsonResponse({ data: submission });
  }
  if (request.path === "/api/v1/forms/7/form_submissions") {
    return jsonResponse({ data: [submission], meta: { pagination: { current: 1, records: 1 } } });
  }
  if (request.path === "/api/v1/forms/7/transition")
    return jsonResponse({ data: form({ status: "closed" }) });
  return jsonResponse({ errors: [{ status: "404" }] }, 404);
}

function wrap(children: ReactNode, locale: "nl" | "en" = "nl") {
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

describe("the form builder's pages", { timeout: 20_000 }, () => {
  it("previews the form with the public renderer: it checks as the real page does and sends nothing", async () => {
    answer = routeApi;
    wrap(<FormPreview id="7" />);
    const name = await screen.findByRole("textbox", { name: /^Naam/ });
    const status = within(name.closest("form") as HTMLElement).getByRole("status");
    fireEvent.click(screen.getByRole("button", { name: nl.forms.public.send }));
    expect(await screen.findByText("Naam is verplicht.")).toBeTruthy();
    expect(status.textContent).toBe("");
    fireEvent.change(name, { target: { value: "Mila" } });
    fireEvent.click(screen.getByRole("button", { name: nl.forms.public.send }));
    await waitFor(() => expect(status.textContent).toBe(nl.formBuilder.preview.notSent));
    expect(screen.queryByText("Naam is verplicht.")).toBeNull();
    // The form stays (no "thank you"), and the api heard nothing but the form's own read.
    expect(screen.queryByText(nl.forms.public.sentTitle)).toBeNull();
    expect(sent.filter((r) => r.method !== "GET")).toEqual([]);
  });

  it("the list names each form's owner, an organisation or a centre", async () => {
    answer = routeApi;
    wrap(<FormListBody />);
    const table = await screen.findByRole("table");
    await within(table).findByRole("rowheader", { name: "Aanmelding" });
    const owners = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) => [
        within(row).getByRole("rowheader").textContent,
        within(row).getAllByRole("cell")[0]?.textContent,
      ]);
    expect(owners).toEqual([
      ["Aanmelding", "Buurthuis De Kern"],
      ["Vrijwilligersdag", "Vrijwilligerscentrale Roermond"],
    ]);
  });

  it("reads a submission with the labels of its own version, in English too", async () => {
    answer = routeApi;
    wrap(<FormSubmission id="7" submissionId="30" />, "en");
    const answers = await screen.findByText("Do you have a car?");
    const list = answers.closest("dl") as HTMLElement;
    expect(
      within(list)
        .getAllByRole("term")
        .map((t) => t.textContent),
    ).toEqual(["Do you have a car?", "What do you help with?"]);
    expect(
      within(list)
        .getAllByRole("definition")
        .map((d) => d.textContent),
    ).toEqual(["Yes", "Driving, Cooking"]);
    expect(screen.getByText(/version 1/)).toBeTruthy();
  });

  it("the CSV link carries the chosen version and date range, the list's own filter", async () => {
    search = "version=1&from=2026-11-01&to=2026-11-30";
    answer = routeApi;
    wrap(<FormDetail id="7" />, "en");
    await waitFor(() =>
      expect(sent.some((r) => r.path === "/api/v1/forms/7/form_submissions")).toBe(true),
    );
    const list = sent.find((r) => r.path === "/api/v1/forms/7/form_submissions");
    const href =
      screen.getByRole("link", { name: en.formBuilder.submissions.export }).getAttribute("href") ??
      "";
    const [path, query] = href.split("?");
    expect(path).toBe("/api/v1/forms/7/form_submissions.csv");
    const csv = new URLSearchParams(query);
    expect(csv.get("locale")).toBe("en");
    const filters = (params: URLSearchParams) =>
      [...params.entries()].filter(([key]) => key.startsWith("filter[")).sort();
    expect(filters(csv)).toEqual([
      ["filter[created_at_gteq]", "2026-11-01"],
      ["filter[created_at_lt]", "2026-12-01"],
      ["filter[form_version_id_eq]", "1"],
    ]);
    expect(filters(csv)).toEqual(filters(list?.query ?? new URLSearchParams()));
  });

  it("deletes a submission after asking, and goes back to the form", async () => {
    answer = routeApi;
    wrap(<FormSubmission id="7" submissionId="30" />);
    fireEvent.click(await screen.findByRole("button", { name: nl.formBuilder.submission.delete }));
    const dialog = await screen.findByRole("dialog", {
      name: nl.formBuilder.submissions.confirmDeleteTitle,
    });
    expect(sent.some((r) => r.method === "DELETE")).toBe(false);
    fireEvent.click(
      within(dialog).getByRole("button", { name: nl.formBuilder.submissions.confirmDelete }),
    );
    await waitFor(() => expect(push).toHaveBeenCalledWith("/form_builder/7"));
    expect(sent.find((r) => r.method === "DELETE")?.path).toBe(
      "/api/v1/forms/7/form_submissions/30",
    );
  });

  it("lists the submissions with the URL's filters, links the CSV and closes the form", async () => {
    answer = routeApi;
    wrap(<FormDetail id="7" />);
    await screen.findByRole("heading", { name: "Aanmelding" });
    await waitFor(() =>
      expect(sent.some((r) => r.path === "/api/v1/forms/7/form_submissions")).toBe(true),
    );
    const list = sent.find((r) => r.path === "/api/v1/forms/7/form_submissions");
    expect(list?.query.get("filter[form_version_id_eq]")).toBe("2");
    expect(list?.query.get("filter[q]")).toBe("auto");
    const csv = screen.getByRole("link", { name: nl.formBuilder.submissions.export });
    expect(csv.getAttribute("href")).toBe(
      "/api/v1/forms/7/form_submissions.csv?locale=nl&filter[form_version_id_eq]=2&filter[q]=auto",
    );
    expect(
      (screen.getByLabelText(nl.formBuilder.detail.publicLinkLabel) as HTMLInputElement).value,
    ).toMatch(/\/forms\/abcdefghijklmnopqrstuv$/);
    fireEvent.click(screen.getByRole("button", { name: nl.formBuilder.detail.close }));
    await waitFor(() => expect(sent.some((r) => r.method === "PUT")).toBe(true));
    expect(sent.find((r) => r.method === "PUT")).toMatchObject({
      path: "/api/v1/forms/7/transition",
      body: { data: { type: "forms", id: "7", attributes: { event: "close" } } },
    });
  });
});
