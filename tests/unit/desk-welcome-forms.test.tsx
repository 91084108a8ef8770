import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DeskForm } from "@/components/desks-admin/desk-form";
import { WelcomeForm } from "@/components/desks-admin/my-desk-page";
import { ToastProvider } from "@/components/toasts/toast-provider";
import type { TDeskWelcome } from "@/lib/activities/types";
import type { TManagedDesk } from "@/lib/desks/desk-admin";
import { timeZone } from "@/lib/i18n/config";
import { createToastStore } from "@/lib/toasts/toast-store";
import nl from "@/messages/nl.json";
import { jsonResponse, type TSent } from "./support/fake-applications";
import { stubLayoutForProseMirror } from "./support/prosemirror-dom";

// The desk's welcome text in the rich-text editor: on the desk's edit form in the back
// office and on /mijn-balie, both sending PATCH /api/v1/meedoen/desks/:id (docs/desks-admin.md).

const w = nl.myDesk.welcome;
const r = nl.richText;
const STORED = "<p>Elke zaterdag</p>";

const DESK: TManagedDesk = {
  id: "9",
  azcName: "AZC Budel",
  slug: "azc-budel",
  volunteerCenterId: 3,
  organizationId: null,
  email: null,
  phone: null,
  welcomeTitle: "Welkom",
  welcomeBody: STORED,
  active: true,
  address: {
    street: null,
    houseNumber: null,
    postalCode: null,
    city: null,
    latitude: 52,
    longitude: 5,
  },
};

const sent: TSent[] = [];

beforeAll(stubLayoutForProseMirror);
beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://site.invalid");
    const method = init.method ?? "GET";
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), body });
    if (url.pathname === "/api/v1/meedoen/desks/9" && method === "PATCH") {
      return jsonResponse({
        data: { type: "desks", id: "9", attributes: { azc_name: "AZC Budel", slug: "azc-budel" } },
      });
    }
    return jsonResponse({ errors: [{ status: "404" }] }, 404);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderIn(children: ReactNode) {
  render(
    <NextIntlClientProvider locale="nl" messages={nl} timeZone={timeZone}>
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider store={createToastStore()}>{children}</ToastProvider>
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
}

const patches = () => sent.filter((s) => s.method === "PATCH");
function attributesSent(): Record<string, unknown> {
  const last = patches().at(-1);
  if (!last) throw new Error("no PATCH was sent");
  return (last.body as { data: { attributes: Record<string, unknown> } }).data.attributes;
}

/** Select the editor's text and make it bold with the toolbar, as a user would. */
async function makeBold(editable: HTMLElement) {
  act(() => {
    editable.focus();
    // ProseMirror's own key binding (Mod-a): everything in the document.
    fireEvent.keyDown(editable, { key: "a", code: "KeyA", ctrlKey: true });
  });
  fireEvent.click(screen.getByRole("button", { name: r.bold }));
  await waitFor(() => expect(editable.querySelector("strong")).not.toBeNull());
}

describe("the welcome text on /mijn-balie", () => {
  const desk: TDeskWelcome = {
    id: "9",
    azcName: "AZC Budel",
    slug: "azc-budel",
    email: null,
    phone: null,
    welcomeTitle: "Welkom",
    welcomeBody: STORED,
  };

  it("shows the stored body in the editor and sends only the title when the body is untouched", async () => {
    renderIn(<WelcomeForm desk={desk} />);
    const editable = await screen.findByRole("textbox", { name: w.bodyField });
    expect(editable.innerHTML).toContain("Elke zaterdag");
    fireEvent.change(screen.getByRole("textbox", { name: w.titleField }), {
      target: { value: " Hallo " },
    });
    fireEvent.click(screen.getByRole("button", { name: w.save }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(attributesSent()).toEqual({ welcome_title: "Hallo" });
    expect(await screen.findByText(w.saved)).toBeTruthy();
  });

  it("sends the edited body as the editor's HTML", async () => {
    renderIn(<WelcomeForm desk={desk} />);
    const editable = await screen.findByRole("textbox", { name: w.bodyField });
    await makeBold(editable);
    fireEvent.click(screen.getByRole("button", { name: w.save }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(attributesSent()).toEqual({
      welcome_title: "Welkom",
      welcome_body: "<p><strong>Elke zaterdag</strong></p>",
    });
  });
});

describe("the welcome text on the desk's edit form", () => {
  it("is edited in the rich-text editor and sent with the desk's other fields", async () => {
    const onSaved = vi.fn();
    renderIn(<DeskForm desk={DESK} centres={[{ id: "3", name: "Centrale" }]} onSaved={onSaved} />);
    expect(screen.getByRole("group", { name: w.heading })).toBeTruthy();
    const editable = await screen.findByRole("textbox", { name: w.bodyField });
    await makeBold(editable);
    fireEvent.click(screen.getByRole("button", { name: nl.deskAdmin.form.save }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(attributesSent()).toMatchObject({
      azc_name: "AZC Budel",
      welcome_title: "Welkom",
      welcome_body: "<p><strong>Elke zaterdag</strong></p>",
    });
  });

  it("leaves the body out when it is untouched, and has no welcome text when adding", async () => {
    renderIn(<DeskForm desk={DESK} centres={[{ id: "3", name: "Centrale" }]} onSaved={vi.fn()} />);
    await screen.findByRole("textbox", { name: w.bodyField });
    fireEvent.click(screen.getByRole("button", { name: nl.deskAdmin.form.save }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(attributesSent()).toMatchObject({ welcome_title: "Welkom" });
    expect(attributesSent()).not.toHaveProperty("welcome_body");

    cleanup();
    renderIn(<DeskForm desk={null} centres={[{ id: "3", name: "Centrale" }]} onSaved={vi.fn()} />);
    expect(screen.getByRole("textbox", { name: nl.deskAdmin.form.azcName })).toBeTruthy();
    expect(screen.queryByRole("group", { name: w.heading })).toBeNull();
    expect(screen.queryByRole("textbox", { name: w.bodyField })).toBeNull();
  });
});
