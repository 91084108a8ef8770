import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => "/forms/abc",
  useSearchParams: () => new URLSearchParams(),
}));

import { PublicForm } from "@/components/forms/public-form";
import { ToastProvider } from "@/components/toasts/toast-provider";
import type { TFormDefinition } from "@/lib/contract/forms";
import { timeZone } from "@/lib/i18n/config";
import type { TPublicForm } from "@/lib/public-forms/public-form-model";
import { createToastStore } from "@/lib/toasts/toast-store";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";

// The public form (docs/forms.md): spec §5 on blur with the contract's rules (the first
// failing one, one message per field, in the page's language), fields shown by their
// conditions, steps that check their shown fields before moving on, the confirmation.

const DEFINITION: TFormDefinition = {
  steps: [
    {
      id: "about",
      title: { nl: "Over jou", en: "About you" },
      fields: [
        {
          id: "name",
          kind: "short_text",
          label: { nl: "Naam", en: "Name" },
          required: true,
          min: 2,
          pattern: "[A-Za-z ]+",
        },
        {
          id: "how",
          kind: "single_choice",
          label: { nl: "Hoe ken je ons?", en: "How do you know us?" },
          required: true,
          options: [
            { value: "friend", label: { nl: "Via een vriend", en: "Through a friend" } },
            { value: "other", label: { nl: "Anders", en: "Other" } },
          ],
        },
        {
          id: "other",
          kind: "short_text",
          label: { nl: "Hoe dan?", en: "How then?" },
          required: true,
          condition: { field: "how", values: ["other"] },
        },
      ],
    },
    {
      id: "end",
      fields: [
        { id: "ok", kind: "consent", label: { nl: "Akkoord", en: "Agreed" }, required: true },
      ],
    },
  ],
};
const FORM: TPublicForm = {
  id: "1",
  title: "Aanmelden",
  status: "published",
  token: "AbCdEfGhIjKlMnOpQrStUv",
  requiresSignIn: false,
  currentVersionId: 1,
  definition: DEFINITION,
};

let sent: { path: string; body: unknown }[];
let reply: () => Response;
const created = () =>
  new Response(
    JSON.stringify({ data: { type: "form_submissions", id: "7", attributes: { locale: "nl" } } }),
    { status: 201, headers: { "content-type": "application/vnd.api+json" } },
  );
beforeEach(() => {
  sent = [];
  reply = created;
  window.scrollTo = vi.fn() as never;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({
      path: new URL(String(input), "http://site.invalid").pathname,
      body: JSON.parse(String(init.body)),
    });
    return reply();
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
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

const nameBox = () => screen.getByLabelText("Naam");

describe("the public form", () => {
  it("validates on blur, not on input, with the first failing rule's message tied to the field", async () => {
    wrap(<PublicForm form={FORM} />);
    fireEvent.change(nameBox(), { target: { value: "A" } });
    expect(screen.queryByText("Naam moet minstens 2 tekens hebben.")).toBeNull();
    fireEvent.blur(nameBox());
    const error = await screen.findByText("Naam moet minstens 2 tekens hebben.");
    expect(nameBox().getAttribute("aria-describedby")).toContain(error.id);
    expect(nameBox().getAttribute("aria-invalid")).toBe("true");
    // Long enough now, but not the pattern: the default message, only that one.
    fireEvent.change(nameBox(), { target: { value: "A1" } });
    fireEvent.blur(nameBox());
    expect(await screen.findByText("Naam is niet geldig.")).toBeTruthy();
    expect(screen.queryByText("Naam moet minstens 2 tekens hebben.")).toBeNull();
    fireEvent.change(nameBox(), { target: { value: "" } });
    fireEvent.blur(nameBox());
    expect(await screen.findByText("Naam is verplicht.")).toBeTruthy();
  });

  it("shows a field when its condition is met, and hides it again", async () => {
    wrap(<PublicForm form={FORM} />);
    expect(screen.queryByLabelText("Hoe dan?")).toBeNull();
    fireEvent.click(screen.getByLabelText("Anders"));
    expect(await screen.findByLabelText("Hoe dan?")).toBeTruthy();
    fireEvent.click(screen.getByLabelText("Via een vriend"));
    await waitFor(() => expect(screen.queryByLabelText("Hoe dan?")).toBeNull());
  });

  it("a step checks its shown fields before the next, the condition's field too; back keeps the answers", async () => {
    wrap(<PublicForm form={FORM} />);
    expect(screen.getByText("Stap 1 van 2")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Volgende" }));
    expect(await screen.findByText("Naam is verplicht.")).toBeTruthy();
    expect(screen.getByText("Hoe ken je ons? is verplicht.")).toBeTruthy();
    expect(screen.getByText("Stap 1 van 2")).toBeTruthy();

    fireEvent.change(nameBox(), { target: { value: "Anna" } });
    fireEvent.click(screen.getByLabelText("Anders"));
    fireEvent.click(screen.getByRole("button", { name: "Volgende" }));
    expect(await screen.findByText("Hoe dan? is verplicht.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Hoe dan?"), { target: { value: "Krant" } });
    fireEvent.click(screen.getByRole("button", { name: "Volgende" }));
    expect(await screen.findByText("Stap 2 van 2")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Vorige" }));
    expect(((await screen.findByLabelText("Naam")) as HTMLInputElement).value).toBe("Anna");
  });

  it("the last step checks before sending, then sends the shown answers and confirms", async () => {
    wrap(<PublicForm form={FORM} />);
    fireEvent.change(nameBox(), { target: { value: "Anna" } });
    fireEvent.click(screen.getByLabelText("Via een vriend"));
    fireEvent.click(screen.getByRole("button", { name: "Volgende" }));
    await screen.findByText("Stap 2 van 2");
    fireEvent.click(screen.getByRole("button", { name: "Versturen" }));
    expect(await screen.findByText("Akkoord is verplicht.")).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByLabelText("Akkoord"));
    fireEvent.click(screen.getByRole("button", { name: "Versturen" }));
    expect(await screen.findByText("Bedankt!")).toBeTruthy();
    expect(sent).toEqual([
      {
        path: "/api/v1/forms/AbCdEfGhIjKlMnOpQrStUv/submissions",
        body: {
          data: {
            type: "form_submissions",
            attributes: { answers: { name: "Anna", how: "friend", ok: true }, locale: "nl" },
          },
        },
      },
    ]);
  });

  it("speaks English on an English page", async () => {
    wrap(<PublicForm form={FORM} />, "en");
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Name is required.")).toBeTruthy();
    expect(screen.getByText("About you")).toBeTruthy();
  });

  it("in preview, steps check as on the real page and the last one says nothing was sent", async () => {
    wrap(<PublicForm form={FORM} preview />, "en");
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Name is required.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Anna" } });
    fireEvent.click(screen.getByLabelText("Through a friend"));
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("Step 2 of 2");
    const status = screen.getByRole("status");
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Agreed is required.")).toBeTruthy();
    expect(status.textContent).toBe("");
    fireEvent.click(screen.getByLabelText("Agreed"));
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(status.textContent).toBe(en.formBuilder.preview.notSent));
    expect(screen.queryByText(en.forms.public.sentTitle)).toBeNull();
    expect(sent).toEqual([]);
  });

  it("the api's 422 on a multiple-choice question lands on its group, with focus on it", async () => {
    const CHOICES: TPublicForm = {
      ...FORM,
      definition: {
        steps: [
          {
            id: "help",
            fields: [
              {
                id: "tasks",
                kind: "multiple_choice",
                label: { nl: "Waarmee help je?", en: "What do you help with?" },
                required: true,
                options: [
                  { value: "cook", label: { nl: "Koken", en: "Cooking" } },
                  { value: "drive", label: { nl: "Rijden", en: "Driving" } },
                  { value: "clean", label: { nl: "Schoonmaken", en: "Cleaning" } },
                ],
              },
            ],
          },
        ],
      },
    };
    // The api counts otherwise than the page did (a version changed meanwhile, say).
    reply = () =>
      new Response(
        JSON.stringify({
          errors: [
            {
              status: "422",
              code: "maxCount",
              detail: "Waarmee help je? allows at most 1",
              source: { pointer: "/data/attributes/answers/tasks" },
              meta: { params: { field: "Waarmee help je?", max: 1 } },
            },
          ],
        }),
        { status: 422, headers: { "content-type": "application/vnd.api+json" } },
      );
    wrap(<PublicForm form={CHOICES} />);
    fireEvent.click(screen.getByLabelText("Koken"));
    fireEvent.click(screen.getByLabelText("Rijden"));
    fireEvent.click(screen.getByRole("button", { name: "Versturen" }));
    const expected = nl.forms.validation.maxCount
      .replace("{field}", "Waarmee help je?")
      .replace("{max}", "1");
    const message = await screen.findByText(expected);
    const group = screen.getByRole("group", { name: "Waarmee help je?" });
    expect(group.getAttribute("aria-describedby")).toContain(message.id);
    expect(screen.getByLabelText("Koken").getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Koken")));
    expect(sent).toHaveLength(1);
  });
});
