import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => "/form_builder/new",
  useSearchParams: () => new URLSearchParams(),
}));

import { FormBuilderForm } from "@/components/form-builder/form-builder-form";
import { ToastProvider } from "@/components/toasts/toast-provider";
import type { TManagedForm } from "@/lib/form-builder/form-builder-api";
import { timeZone } from "@/lib/i18n/config";
import { createToastStore } from "@/lib/toasts/toast-store";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";
import { jsonResponse } from "./support/fake-vacancies";

// The form builder (docs/form-builder.md): fields of every kind are added and sent as the
// contract's definition; a condition offers only the questions before its field; fields move
// by keyboard (dnd-kit's sensor, announced) and by buttons; the contract's problems and the
// api's 422 pointers are said on the inputs they are about; a form with submissions asks
// before it makes a new version.

beforeAll(() => {
  const proto = HTMLDialogElement.prototype;
  proto.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  proto.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute("open");
  };
  // jsdom lays nothing out: each field's card gets a place by its position in the list, so
  // the keyboard sensor has somewhere to move a field to.
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const card = this.closest?.("[data-field-index]");
    const top = card ? Number(card.getAttribute("data-field-index")) * 100 : 0;
    return {
      x: 0,
      y: top,
      top,
      left: 0,
      right: 600,
      bottom: top + 80,
      width: 600,
      height: 80,
      toJSON: () => ({}),
    } as DOMRect;
  };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type TSent = { method: string; path: string; body: unknown };
let sent: TSent[];
let answer: (sent: TSent) => Response;

beforeEach(() => {
  sent = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://site.invalid");
    const body = init.body;
    const request: TSent = {
      method: init.method ?? "GET",
      path: url.pathname,
      body: typeof body === "string" ? JSON.parse(body) : body,
    };
    sent.push(request);
    return answer(request);
  });
});

const formResource = (attributes: Record<string, unknown> = {}) => ({
  type: "forms",
  id: "7",
  attributes: {
    title: "Aanmelding",
    status: "draft",
    token: "abcdefghijklmnopqrstuv",
    organization_id: 2,
    volunteer_center_id: 1,
    requires_sign_in: false,
    confirmation_mail: false,
    retention_days: null,
    current_version_id: 1,
    version_number: 1,
    definition: { steps: [{ id: "step-1", fields: [] }] },
    submission_count: 0,
    created_at: "2026-11-01T10:00:00Z",
    updated_at: "2026-11-01T10:00:00Z",
    ...attributes,
  },
});

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

const b = nl.formBuilder.builder;
const f = nl.formBuilder.field;

function renderBuilder(record: TManagedForm | null = null, locale: "nl" | "en" = "nl") {
  const onSaved = vi.fn();
  wrap(
    <FormBuilderForm
      record={record}
      owners={[{ value: "2", label: "School" }]}
      onSaved={onSaved}
    />,
    locale,
  );
  return { onSaved };
}

const cards = () =>
  within(screen.getByRole("list", { name: "Velden van stap 1" }))
    .getAllByRole("listitem")
    .filter((li) => li.hasAttribute("data-field-index"));
const cardTitles = () => cards().map((card) => card.querySelector("p")?.textContent ?? "");

function addField(kind: string) {
  fireEvent.change(screen.getByLabelText(b.newFieldKind), { target: { value: kind } });
  fireEvent.click(screen.getByRole("button", { name: /^Veld toevoegen/ }));
}
const questionInputs = () => screen.getAllByLabelText(`${f.label} (${f.nl})`) as HTMLInputElement[];
const typeInto = (input: HTMLElement, value: string) => {
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};
const describedBy = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" | ");

describe("the form builder", { timeout: 20_000 }, () => {
  it("adds fields of several kinds and sends the contract's definition", async () => {
    answer = () => jsonResponse({ data: formResource({ title: "Aanmelding" }) }, 201);
    const { onSaved } = renderBuilder();
    typeInto(screen.getByLabelText(new RegExp(`^${b.title}`)), "Aanmelding");
    addField("short_text");
    addField("single_choice");
    addField("paragraph");
    const [name, kind, intro] = questionInputs();
    typeInto(name, "Naam");
    typeInto(kind, "Soort hulp");
    typeInto(screen.getAllByLabelText(`${f.title} (${f.nl})`)[0] ?? intro, "Welkom");
    typeInto(screen.getByLabelText("Keuze 1 (Nederlands)"), "Koken");
    typeInto(screen.getByLabelText("Keuze 1 (Engels)"), "Cooking");
    typeInto(screen.getByLabelText("Keuze 2 (Nederlands)"), "Rijden");
    typeInto(screen.getByLabelText(`${f.text} (${f.nl})`), "Fijn dat je komt.");
    fireEvent.click(screen.getAllByLabelText(f.required)[0]);
    fireEvent.click(screen.getByRole("button", { name: b.add }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: "POST", path: "/api/v1/forms" });
    expect((sent[0].body as { data: { attributes: unknown } }).data.attributes).toEqual({
      title: "Aanmelding",
      organization_id: 2,
      requires_sign_in: false,
      confirmation_mail: false,
      retention_days: null,
      definition: {
        steps: [
          {
            id: "step-1",
            fields: [
              { id: "field-1", kind: "short_text", label: { nl: "Naam" }, required: true },
              {
                id: "field-2",
                kind: "single_choice",
                label: { nl: "Soort hulp" },
                required: false,
                options: [
                  { value: "option-1", label: { nl: "Koken", en: "Cooking" } },
                  { value: "option-2", label: { nl: "Rijden" } },
                ],
              },
              {
                id: "field-3",
                kind: "paragraph",
                label: { nl: "Welkom" },
                text: { nl: "Fijn dat je komt." },
                required: false,
              },
            ],
          },
        ],
      },
    });
  });

  it("offers a condition only on the questions before a field, and their answers", () => {
    renderBuilder();
    addField("yes_no");
    addField("heading");
    addField("short_text");
    const [yesNo, text] = questionInputs();
    typeInto(yesNo, "Heb je een auto?");
    typeInto(text, "Kenteken");
    const selects = screen.getAllByLabelText(f.conditionField) as HTMLSelectElement[];
    expect(selects).toHaveLength(3);
    const options = (select: HTMLSelectElement) => [...select.options].map((o) => o.textContent);
    // The first field has nothing before it; the heading is no question to wait on.
    expect(options(selects[0])).toEqual([f.always]);
    expect(describedBy(selects[0])).toContain(f.conditionNone);
    expect(options(selects[1])).toEqual([f.always, "Heb je een auto?"]);
    expect(options(selects[2])).toEqual([f.always, "Heb je een auto?"]);
    fireEvent.change(selects[2], { target: { value: "field-1" } });
    const values = screen.getByRole("group", { name: f.conditionValues });
    expect(
      within(values)
        .getAllByRole("checkbox")
        .map((c) => c.parentElement?.textContent),
    ).toEqual([f.yes, f.no]);
  });

  it("moves a field with the keyboard, announcing it, and with the buttons", async () => {
    renderBuilder();
    addField("short_text");
    addField("email");
    const [first, second] = questionInputs();
    typeInto(first, "Naam");
    typeInto(second, "E-mail");
    expect(cardTitles()).toEqual(["1. Naam (Korte tekst)", "2. E-mail (E-mailadres)"]);

    const handle = screen.getByRole("button", { name: "Verplaats E-mail" });
    handle.focus();
    fireEvent.keyDown(handle, { code: "Space", key: " " });
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    const live = () =>
      [...document.querySelectorAll("[aria-live]")].map((e) => e.textContent).join(" ");
    fireEvent.keyDown(document, { code: "ArrowUp", key: "ArrowUp" });
    await waitFor(() => expect(live()).toContain("E-mail staat nu op plaats 1 van 2."));
    fireEvent.keyDown(document, { code: "Space", key: " " });
    await waitFor(() =>
      expect(cardTitles()).toEqual(["1. E-mail (E-mailadres)", "2. Naam (Korte tekst)"]),
    );
    expect(live()).toContain("E-mail is neergezet op plaats 1 van 2.");

    // The plain alternative: the buttons, named by the field they move.
    fireEvent.click(screen.getByRole("button", { name: /^Omlaag\s*E-mail$/ }));
    expect(cardTitles()).toEqual(["1. Naam (Korte tekst)", "2. E-mail (E-mailadres)"]);
    expect(
      screen.getByRole("button", { name: /^Omhoog\s*Naam$/ }).getAttribute("aria-disabled"),
    ).toBe("true");
  });

  it("says the contract's problems on their inputs before sending anything", async () => {
    renderBuilder();
    typeInto(screen.getByLabelText(new RegExp(`^${b.title}`)), "Aanmelding");
    addField("short_text");
    addField("number");
    typeInto(questionInputs()[1], "Leeftijd");
    typeInto(screen.getByLabelText(nl.formBuilder.bounds.minValue), "18");
    typeInto(screen.getByLabelText(nl.formBuilder.bounds.maxValue), "12");
    fireEvent.click(screen.getByRole("button", { name: b.add }));
    await waitFor(() =>
      expect(describedBy(questionInputs()[0])).toContain("De vraag (Nederlands) is verplicht."),
    );
    expect(describedBy(screen.getByLabelText(nl.formBuilder.bounds.maxValue))).toContain(
      nl.formBuilder.issues.maxBelowMin,
    );
    expect(sent).toEqual([]);
  });

  it("puts the api's 422 pointers on the inputs they name, in English too", async () => {
    answer = () =>
      jsonResponse(
        {
          errors: [
            {
              status: "422",
              code: "invalid",
              title: "is not a usable pattern",
              detail: "pattern is not a usable pattern",
              source: { pointer: "/data/attributes/definition/steps/0/fields/0/pattern" },
            },
          ],
        },
        422,
      );
    renderBuilder(null, "en");
    const e = en.formBuilder;
    typeInto(screen.getByLabelText(new RegExp(`^${e.builder.title}`)), "Sign-up");
    fireEvent.change(screen.getByLabelText(e.builder.newFieldKind), {
      target: { value: "short_text" },
    });
    fireEvent.click(screen.getByRole("button", { name: /^Add field/ }));
    typeInto(screen.getByLabelText(`${e.field.label} (${e.field.nl})`), "Postcode");
    typeInto(screen.getByLabelText(e.field.pattern), "[0-9]{4}");
    fireEvent.click(screen.getByRole("button", { name: e.builder.add }));
    await waitFor(() =>
      expect(describedBy(screen.getByLabelText(e.field.pattern))).toContain(e.issues.pattern),
    );
    expect(screen.getByText(en.validation.checkFields)).toBeTruthy();
  });

  it("asks before saving a form with submissions: it makes a new version", async () => {
    answer = () => jsonResponse({ data: formResource({ submission_count: 3 }) });
    const record = {
      id: "7",
      title: "Aanmelding",
      status: "published",
      organizationId: 2,
      volunteerCenterId: 1,
      requiresSignIn: false,
      confirmationMail: false,
      retentionDays: 30,
      currentVersionId: 1,
      versionNumber: 1,
      token: "abcdefghijklmnopqrstuv",
      submissionCount: 3,
      createdAt: "2026-11-01T10:00:00Z",
      updatedAt: "2026-11-01T10:00:00Z",
      definition: {
        steps: [
          {
            id: "step-1",
            fields: [{ id: "naam", kind: "short_text", label: { nl: "Naam" }, required: true }],
          },
        ],
      },
    } satisfies TManagedForm;
    const { onSaved } = renderBuilder(record);
    expect(screen.getByText(/Opslaan maakt een nieuwe versie/)).toBeTruthy();
    typeInto(questionInputs()[0], "Volledige naam");
    fireEvent.click(screen.getByRole("button", { name: b.save }));
    const dialog = await screen.findByRole("dialog", { name: b.confirmVersionTitle });
    expect(dialog.textContent).toContain("Er zijn 3 inzendingen met de huidige versie.");
    expect(sent).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: b.confirmVersion }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ method: "PATCH", path: "/api/v1/forms/7" });
    const attributes = (sent[0].body as { data: { attributes: Record<string, unknown> } }).data
      .attributes;
    expect(attributes).not.toHaveProperty("organization_id");
    expect(attributes.retention_days).toBe(30);
  });
});
