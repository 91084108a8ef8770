import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ApplicationDetail } from "@/components/applications/application-detail";
import { ToastProvider } from "@/components/toasts/toast-provider";
import { timeZone } from "@/lib/i18n/config";
import { createToastStore, type ToastStore } from "@/lib/toasts/toast-store";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";
import {
  jsonResponse,
  oneDocument,
  type TFakeApplication,
  type TSent,
} from "./support/fake-applications";
import { threadDocument } from "./support/fake-conversations";

// /applications/:id: what each side sees and may do, against a fake api behind fetch.

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => "/applications/21",
  useSearchParams: () => new URLSearchParams(),
}));

let app: TFakeApplication;
let transitionReply: ((event: string) => Response) | null;
const sent: TSent[] = [];
let toasts: ToastStore;

const TO: Record<string, string> = {
  accept: "accepted",
  decline: "declined",
  withdraw: "withdrawn",
};

function fakeApi(input: RequestInfo | URL, init: RequestInit = {}): Response {
  const url = new URL(String(input), "http://site.invalid");
  const method = init.method ?? "GET";
  const body = init.body ? JSON.parse(String(init.body)) : undefined;
  sent.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), body });
  if (url.pathname === "/api/v1/conversations/5" && method === "GET")
    return jsonResponse(
      threadDocument(
        {
          id: "5",
          title: "Voorlezen",
          side: "organization",
          organization_name: "Bibliotheek Roermond",
          volunteer_name: "Vera Jansen",
          last_message_at: "2026-11-21T09:00:00.000Z",
          last_message_preview: "Kun je zaterdag komen?",
          unread_count: 0,
          messages: [
            {
              id: "51",
              body: "Kun je zaterdag komen?",
              author_id: 3,
              author_name: "Mila Visser",
              mine: false,
              created_at: "2026-11-21T09:00:00.000Z",
            },
          ],
        },
        0,
      ),
    );
  if (url.pathname === `/api/v1/applications/${app.id}` && method === "GET")
    return jsonResponse(oneDocument(app));
  if (url.pathname === `/api/v1/applications/${app.id}/transition` && method === "PUT") {
    const event = body.data.attributes.event as string;
    if (transitionReply) return transitionReply(event);
    const from = app.status;
    app = {
      ...app,
      status: TO[event],
      allowed_events: [],
      status_changed_at: "2026-11-22T09:00:00.000Z",
      transitions: [
        ...(app.transitions ?? []),
        {
          id: "t9",
          event,
          from_status: from,
          to_status: TO[event],
          created_at: "2026-11-22T09:00:00.000Z",
        },
      ],
    };
    return jsonResponse(
      oneDocument({ ...app, transitions: undefined, vacancy: undefined, user: undefined }),
    );
  }
  return jsonResponse({ errors: [{ status: "404", title: "Not Found" }] }, 404);
}

function renderDetail(locale: "nl" | "en" = "nl", id = "21") {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <NextIntlClientProvider
        locale={locale}
        messages={locale === "nl" ? nl : en}
        timeZone={timeZone}
      >
        <ToastProvider store={toasts}>
          <ApplicationDetail id={id} />
        </ToastProvider>
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

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
  sent.length = 0;
  transitionReply = null;
  toasts = createToastStore();
  app = {
    id: "21",
    status: "in_conversation",
    motivation: "Ik lees graag voor.\nOok op zaterdag.",
    side: "organization",
    allowed_events: ["decline", "accept"],
    responded_at: "2026-11-21T09:00:00.000Z",
    vacancy: { id: "7", title: "Voorlezen", closes_on: "2026-12-31" },
    user: {
      id: "8",
      first_name: "Vera",
      last_name: "Jansen",
      email: "vera@example.test",
      phone: "06 12345678",
    },
    organization: { id: "4", name: "Bibliotheek Roermond" },
    transitions: [
      {
        id: "t1",
        event: "reply",
        from_status: "new",
        to_status: "in_conversation",
        created_at: "2026-11-21T09:00:00.000Z",
      },
    ],
  };
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) =>
    fakeApi(input, init),
  );
});
afterEach(() => {
  cleanup();
  toasts.clear();
  vi.unstubAllGlobals();
});

describe("/applications/:id", () => {
  it("shows the vacancy, what the applicant shared, the history and the conversation's place", async () => {
    renderDetail();
    expect(
      await screen.findByRole("heading", { level: 1, name: "Reactie op Voorlezen" }),
    ).toBeTruthy();
    expect(sent[0].query).toEqual({
      include: "vacancy,user,organization,transitions,conversation",
    });
    expect(screen.getByRole("link", { name: "Voorlezen" }).getAttribute("href")).toBe(
      "/vacancies/7",
    );
    expect(screen.getByText("Bibliotheek Roermond")).toBeTruthy();
    expect(screen.getByText("Vera Jansen")).toBeTruthy();
    expect(screen.getByRole("link", { name: "vera@example.test" }).getAttribute("href")).toBe(
      "mailto:vera@example.test",
    );
    expect(screen.getByRole("link", { name: "06 12345678" }).getAttribute("href")).toBe(
      "tel:0612345678",
    );
    expect(screen.getByText(/Ook op zaterdag\./)).toBeTruthy();
    const history = screen.getByRole("heading", { name: "Verloop" })
      .nextElementSibling as HTMLElement;
    expect(
      within(history)
        .getAllByRole("listitem")
        .map((li) => li.firstChild?.textContent),
    ).toEqual(["Verstuurd", "In gesprek"]);
    expect(screen.getByRole("heading", { level: 2, name: "Gesprek" })).toBeTruthy();
    expect(screen.getByText(nl.applications.detail.conversationMissing)).toBeTruthy();
  });

  it("shows the application's conversation in place: its messages and a composer", async () => {
    app = { ...app, conversation: { id: "5" } };
    renderDetail();
    const section = (await screen.findByRole("heading", { level: 2, name: "Gesprek" })).closest(
      "section",
    ) as HTMLElement;
    expect(await within(section).findByText("Kun je zaterdag komen?")).toBeTruthy();
    expect(within(section).getByText("Mila Visser")).toBeTruthy();
    expect(within(section).getByRole("textbox", { name: "Je bericht" })).toBeTruthy();
    expect(
      within(section).getByRole("link", { name: "Openen bij je gesprekken" }).getAttribute("href"),
    ).toBe("/conversations?id=5");
    expect(sent.some((r) => r.path === "/api/v1/conversations/5")).toBe(true);
  });

  it("offers the organisation only the events it may take, in a fixed order", async () => {
    renderDetail();
    await screen.findByRole("heading", { level: 1 });
    const buttons = within(
      screen.getByRole("heading", { name: "Wat je kunt doen" }).parentElement as HTMLElement,
    )
      .getAllByRole("button")
      .map((button) => button.textContent);
    expect(buttons).toEqual(["Accepteren", "Afwijzen"]);
    expect(screen.queryByRole("button", { name: "Terugtrekken" })).toBeNull();
  });

  it("asks first; cancelling sends nothing", async () => {
    renderDetail();
    fireEvent.click(await screen.findByRole("button", { name: "Afwijzen" }));
    const dialog = screen.getByRole("dialog", { name: "De reactie van Vera Jansen afwijzen?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Annuleren" }));
    await waitFor(() => expect(dialog.hasAttribute("open")).toBe(false));
    expect(sent.filter((request) => request.method === "PUT")).toEqual([]);
  });

  it("the applicant withdraws: confirmed, sent, the status changes and focus goes to it", async () => {
    app = { ...app, side: "volunteer", allowed_events: ["withdraw"] };
    renderDetail("en");
    expect(await screen.findByRole("heading", { level: 2, name: "What you shared" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Withdraw" }));
    const dialog = screen.getByRole("dialog", { name: "Withdraw your application?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Withdraw" }));

    const status = screen.getByRole("heading", { level: 2, name: "Status" });
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(sent.find((request) => request.method === "PUT")?.body).toEqual({
      data: { type: "applications", id: "21", attributes: { event: "withdraw" } },
    });
    expect(screen.getAllByText("Withdrawn").length).toBeGreaterThan(0);
    expect(screen.queryByRole("button", { name: "Withdraw" })).toBeNull();
    expect(toasts.getSnapshot().toasts.map((toast) => toast.title)).toEqual([
      "Your application has been withdrawn.",
    ]);
    // The refetch brings the history with the new step.
    await waitFor(() =>
      expect(screen.getAllByRole("listitem").map((li) => li.firstChild?.textContent)).toContain(
        "Withdrawn",
      ),
    );
  });

  it("a transition the api no longer allows is said in a toast, and nothing changes", async () => {
    transitionReply = () =>
      jsonResponse(
        {
          errors: [
            {
              status: "422",
              code: "invalid_transition",
              source: { pointer: "/data/attributes/event" },
            },
          ],
        },
        422,
      );
    renderDetail();
    fireEvent.click(await screen.findByRole("button", { name: "Accepteren" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Accepteren" }));
    await waitFor(() => expect(toasts.getSnapshot().toasts).toHaveLength(1));
    const [toast] = toasts.getSnapshot().toasts;
    expect(toast.title).toBe("De status van de reactie kon niet worden gewijzigd.");
    expect(toast.message).toBe("Dat kan niet meer: de reactie is intussen veranderd.");
    expect(screen.getByRole("button", { name: "Accepteren" })).toBeTruthy();
  });

  it("an unknown or foreign id is the not-found screen", async () => {
    renderDetail("nl", "999");
    expect(
      await screen.findByRole("heading", { level: 1, name: nl.errors.notFound.title }),
    ).toBeTruthy();
  });
});
