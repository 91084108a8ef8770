import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ConversationThread } from "@/components/conversations/conversation-thread";
import { ConversationsLink } from "@/components/conversations/conversations-link";
import { ConversationsPage } from "@/components/conversations/conversations-page";
import { ToastProvider } from "@/components/toasts/toast-provider";
import type { AuthStatus } from "@/lib/auth/auth-state";
import { CONVERSATION_LIMITS, CONVERSATION_POLL_MS } from "@/lib/contract/conversations";
import { timeZone } from "@/lib/i18n/config";
import { createToastStore, type ToastStore } from "@/lib/toasts/toast-store";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";
import { jsonResponse } from "./support/fake-applications";
import {
  fakeConversationsApi,
  type TConversationSent,
  type TFakeConversation,
} from "./support/fake-conversations";

// /conversations, one thread and the toolbar's link against a fake api behind fetch: the
// list, the thread (links in plain text, own and others' messages, the composer, marking
// read, news said politely) and the unread count in the link's name.

let search = new URLSearchParams();
let authStatus: AuthStatus = "SIGNED_IN";
vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => "/conversations",
  useSearchParams: () => search,
}));
vi.mock("@/lib/auth/use-auth", () => ({
  useAuth: () => ({ status: authStatus, user: null, roles: [], signIn: vi.fn(), signOut: vi.fn() }),
}));

const state: {
  threads: TFakeConversation[];
  sent: TConversationSent[];
  messageReply: ((body: string) => Response) | null;
} = { threads: [], sent: [], messageReply: null };
let toasts: ToastStore;
let visibility: DocumentVisibilityState = "visible";

const NOW = Date.now();
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

function threads(): TFakeConversation[] {
  return [
    {
      id: "5",
      title: "Voorlezen in de bibliotheek",
      side: "volunteer",
      organization_name: "Bibliotheek Roermond",
      volunteer_name: "Vera Jansen",
      last_message_at: minutesAgo(5),
      last_message_preview: "Kun je zaterdag? Zie https://bieb.example.test/rooster",
      unread_count: 2,
      application_id: 21,
      messages: [
        {
          id: "51",
          body: "Ik lees graag voor.",
          author_id: 8,
          author_name: "Vera Jansen",
          mine: true,
          created_at: minutesAgo(60),
        },
        {
          id: "52",
          body: "Kun je zaterdag? Zie https://bieb.example.test/rooster.\n<b>Groet</b>",
          author_id: 3,
          author_name: "Mila Visser",
          mine: false,
          created_at: minutesAgo(5),
        },
      ],
    },
    {
      id: "6",
      kind: "direct",
      title: "Welkom bij de centrale",
      side: "volunteer",
      organization_name: "Vrijwilligerscentrale",
      volunteer_name: "Vera Jansen",
      last_message_at: minutesAgo(120),
      last_message_preview: "Welkom!",
      unread_count: 0,
      messages: [],
    },
  ];
}

function renderWith(node: React.ReactNode, locale: "nl" | "en" = "nl") {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <NextIntlClientProvider
        locale={locale}
        messages={locale === "nl" ? nl : en}
        timeZone={timeZone}
      >
        <ToastProvider store={toasts}>{node}</ToastProvider>
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

const requests = (method: string, path: string) =>
  state.sent.filter((r) => r.method === method && r.path === path);

beforeEach(() => {
  search = new URLSearchParams();
  authStatus = "SIGNED_IN";
  visibility = "visible";
  Object.defineProperty(document, "visibilityState", {
    configurable: true,
    get: () => visibility,
  });
  state.threads = threads();
  state.sent = [];
  state.messageReply = null;
  toasts = createToastStore();
  const api = fakeConversationsApi(state);
  vi.stubGlobal(
    "fetch",
    async (input: RequestInfo | URL, init?: RequestInit) =>
      api(input, init) ?? jsonResponse({ errors: [{ status: "404" }] }, 404),
  );
});
afterEach(() => {
  cleanup();
  toasts.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("/conversations: the list", () => {
  it("lists the threads with title, the other side, preview, time and unread in words", async () => {
    renderWith(<ConversationsPage />);
    const list = await screen.findByRole("list", { name: "Alle gesprekken" });
    const rows = within(list).getAllByRole("link");
    expect(rows.map((row) => row.getAttribute("href"))).toEqual([
      "/conversations?id=5",
      "/conversations?id=6",
    ]);
    expect(rows[0].textContent).toContain("Voorlezen in de bibliotheek");
    expect(rows[0].textContent).toContain("Bibliotheek Roermond");
    expect(rows[0].textContent).toContain("Kun je zaterdag?");
    expect(within(rows[0]).getByText("2 ongelezen")).toBeTruthy();
    expect(within(rows[1]).queryByText(/ongelezen/)).toBeNull();
    expect(rows[0].querySelector("time")?.getAttribute("dateTime")).toBe(
      state.threads[0].last_message_at,
    );
    expect(screen.getByText("Kies links een gesprek om het te lezen.")).toBeTruthy();
    expect(requests("GET", "/api/v1/conversations")[0].query).toEqual({
      "page[number]": "1",
      "page[size]": "25",
    });
  });

  it("'Alleen ongelezen' is a link in the URL; its list asks filter[unread]=true", async () => {
    renderWith(<ConversationsPage />);
    const filter = await screen.findByRole("link", { name: "Alleen ongelezen" });
    expect(filter.getAttribute("href")).toBe("/conversations?unread=true");
    expect(screen.getByRole("link", { name: "Alle" }).getAttribute("aria-current")).toBe("page");
    cleanup();
    search = new URLSearchParams("unread=true&page[number]=1");
    renderWith(<ConversationsPage />);
    const list = await screen.findByRole("list", { name: "Alle gesprekken" });
    expect(within(list).getAllByRole("link")).toHaveLength(1);
    expect(
      screen.getByRole("link", { name: "Alleen ongelezen" }).getAttribute("aria-current"),
    ).toBe("page");
    expect(requests("GET", "/api/v1/conversations").at(-1)?.query["filter[unread]"]).toBe("true");
  });

  it("says when everything is read, with a way back to all", async () => {
    state.threads.forEach((t) => {
      t.unread_count = 0;
    });
    search = new URLSearchParams("unread=true");
    renderWith(<ConversationsPage />);
    expect(await screen.findByText("Je hebt alles gelezen.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Alle gesprekken tonen" }).getAttribute("href")).toBe(
      "/conversations",
    );
  });

  it("with ?id= marks that row as open and shows its thread beside the list", async () => {
    search = new URLSearchParams("id=5");
    renderWith(<ConversationsPage />);
    const heading = await screen.findByRole("heading", {
      level: 2,
      name: "Voorlezen in de bibliotheek",
    });
    expect(heading).toBeTruthy();
    const list = await screen.findByRole("list", { name: "Alle gesprekken" });
    const open = within(list).getAllByRole("link")[0];
    expect(open.getAttribute("aria-current")).toBe("page");
    expect(
      screen.getByRole("link", { name: "Terug naar alle gesprekken" }).getAttribute("href"),
    ).toBe("/conversations");
    // The thread the page opened with is no choice just made: focus stays where it was.
    expect(document.activeElement).not.toBe(heading);
  });
});

describe("a thread", () => {
  it("shows messages oldest first with author and time; own ones labelled 'Jij'", async () => {
    renderWith(<ConversationThread id="5" />);
    const region = await screen.findByRole("region", {
      name: "Berichten in Voorlezen in de bibliotheek",
    });
    const items = within(region).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toContain("Jij");
    expect(items[0].textContent).toContain("Ik lees graag voor.");
    expect(items[0].textContent).not.toContain("Vera Jansen");
    expect(items[1].textContent).toContain("Mila Visser");
    expect(items[0].className).toContain("self-end");
    expect(items[1].className).toContain("self-start");
    expect(items[1].querySelector("time")?.getAttribute("dateTime")).toBe(
      state.threads[0].messages[1].created_at,
    );
    expect(screen.getByText("Met Bibliotheek Roermond")).toBeTruthy();
  });

  it("names a message whose author deleted their account 'Verwijderd account'", async () => {
    state.threads[0].messages[1] = {
      ...state.threads[0].messages[1],
      author_id: null,
      author_name: null,
    };
    renderWith(<ConversationThread id="5" />);
    const region = await screen.findByRole("region", {
      name: "Berichten in Voorlezen in de bibliotheek",
    });
    const items = within(region).getAllByRole("listitem");
    expect(items[1].textContent).toContain("Verwijderd account");
  });

  it("makes http(s) links clickable and never renders the text as HTML", async () => {
    renderWith(<ConversationThread id="5" />);
    const link = await screen.findByRole("link", { name: "https://bieb.example.test/rooster" });
    expect(link.getAttribute("href")).toBe("https://bieb.example.test/rooster");
    expect(link.getAttribute("rel")).toContain("nofollow");
    const region = screen.getByRole("region", { name: /Berichten in/ });
    expect(region.querySelector("b")).toBeNull();
    expect(region.textContent).toContain("<b>Groet</b>");
  });

  it("marks the thread read when it opens; the thread's unread goes to 0", async () => {
    renderWith(<ConversationThread id="5" />);
    await waitFor(() => expect(requests("PUT", "/api/v1/conversations/5/read")).toHaveLength(1));
    expect(state.threads[0].unread_count).toBe(0);
  });

  it("does not mark a thread read while the tab is hidden, and does when it shows", async () => {
    visibility = "hidden";
    renderWith(<ConversationThread id="5" />);
    await screen.findByRole("region", { name: /Berichten in/ });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests("PUT", "/api/v1/conversations/5/read")).toHaveLength(0);
    visibility = "visible";
    act(() => {
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await waitFor(() => expect(requests("PUT", "/api/v1/conversations/5/read")).toHaveLength(1));
  });

  it("a thread without unread messages is not marked again", async () => {
    renderWith(<ConversationThread id="6" />);
    expect(
      await screen.findByText("Nog geen berichten. Schrijf het eerste hieronder."),
    ).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests("PUT", "/api/v1/conversations/6/read")).toHaveLength(0);
  });

  it("polls every CONVERSATION_POLL_MS: a new message is said politely, marked read, focus kept", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    renderWith(<ConversationThread id="5" />);
    const composer = await screen.findByRole("textbox", { name: "Je bericht" });
    await waitFor(() => expect(requests("PUT", "/api/v1/conversations/5/read")).toHaveLength(1));
    composer.focus();
    const status = screen.getByRole("status");
    expect(status.getAttribute("aria-live")).toBe("polite");
    expect(status.textContent).toBe("");
    state.threads[0].messages.push({
      id: "53",
      body: "Tot zaterdag!",
      author_id: 3,
      author_name: "Mila Visser",
      mine: false,
      created_at: new Date().toISOString(),
    });
    state.threads[0].unread_count = 1;
    expect(CONVERSATION_POLL_MS).toBe(10_000);
    act(() => {
      vi.advanceTimersByTime(CONVERSATION_POLL_MS);
    });
    expect(await screen.findByText("Tot zaterdag!")).toBeTruthy();
    await waitFor(() => expect(status.textContent).toBe("Nieuw bericht van Mila Visser"));
    await waitFor(() => expect(requests("PUT", "/api/v1/conversations/5/read")).toHaveLength(2));
    expect(document.activeElement).toBe(composer);
  });

  it("sends a message through the composer: the counter counts, the field empties, it is said", async () => {
    renderWith(<ConversationThread id="5" />);
    const composer = await screen.findByRole("textbox", { name: "Je bericht" });
    expect(screen.getByText(`0 van ${CONVERSATION_LIMITS.message} tekens`)).toBeTruthy();
    fireEvent.change(composer, { target: { value: "Ja, ik kan!\nTot dan." } });
    expect(await screen.findByText(`20 van ${CONVERSATION_LIMITS.message} tekens`)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Versturen" }));
    await waitFor(() =>
      expect(requests("POST", "/api/v1/conversations/5/messages")).toHaveLength(1),
    );
    expect(requests("POST", "/api/v1/conversations/5/messages")[0].body).toEqual({
      data: { type: "messages", attributes: { body: "Ja, ik kan!\nTot dan." } },
    });
    await waitFor(() => expect((composer as HTMLTextAreaElement).value).toBe(""));
    expect(await screen.findByText(/Ja, ik kan!/)).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("Je bericht is verstuurd.");
  });

  it("refuses an empty message before asking the api", async () => {
    renderWith(<ConversationThread id="5" />);
    const composer = await screen.findByRole("textbox", { name: "Je bericht" });
    fireEvent.change(composer, { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Versturen" }));
    expect(await screen.findByText("Schrijf eerst een bericht.")).toBeTruthy();
    expect(requests("POST", "/api/v1/conversations/5/messages")).toHaveLength(0);
    expect(composer.getAttribute("aria-invalid")).toBe("true");
  });

  it("refuses a message over the limit before asking the api", async () => {
    renderWith(<ConversationThread id="5" />);
    const composer = await screen.findByRole("textbox", { name: "Je bericht" });
    fireEvent.change(composer, {
      target: { value: "a".repeat(CONVERSATION_LIMITS.message + 1) },
    });
    fireEvent.click(screen.getByRole("button", { name: "Versturen" }));
    expect(
      await screen.findByText(
        `Een bericht mag hoogstens ${CONVERSATION_LIMITS.message} tekens lang zijn.`,
      ),
    ).toBeTruthy();
    expect(requests("POST", "/api/v1/conversations/5/messages")).toHaveLength(0);
  });

  it("puts the api's 422 on /data/attributes/body on the field", async () => {
    state.messageReply = () =>
      jsonResponse(
        {
          errors: [
            {
              status: "422",
              code: "too_long",
              detail: "is too long",
              source: { pointer: "/data/attributes/body" },
            },
          ],
        },
        422,
      );
    renderWith(<ConversationThread id="5" />);
    const composer = await screen.findByRole("textbox", { name: "Je bericht" });
    fireEvent.change(composer, { target: { value: "Hallo" } });
    fireEvent.click(screen.getByRole("button", { name: "Versturen" }));
    expect(
      await screen.findByText(
        `Een bericht mag hoogstens ${CONVERSATION_LIMITS.message} tekens lang zijn.`,
      ),
    ).toBeTruthy();
    expect((composer as HTMLTextAreaElement).value).toBe("Hallo");
  });

  it("says a thread that is not the caller's is not there (404), in the pane", async () => {
    renderWith(<ConversationThread id="99" />);
    expect(
      await screen.findByText("Dit gesprek bestaat niet, of je kunt het niet zien."),
    ).toBeTruthy();
  });

  it("speaks English with 'You'", async () => {
    renderWith(<ConversationThread id="5" />, "en");
    const region = await screen.findByRole("region", {
      name: "Messages in Voorlezen in de bibliotheek",
    });
    expect(within(region).getAllByRole("listitem")[0].textContent).toContain("You");
    expect(screen.getByRole("textbox", { name: "Your message" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send" })).toBeTruthy();
  });
});

describe("the toolbar's conversations link", () => {
  it("names the unread count ('Gesprekken, 2 ongelezen') with a badge only as its picture", async () => {
    renderWith(<ConversationsLink />);
    const link = await screen.findByRole("link", { name: "Gesprekken, 2 ongelezen" });
    expect(link.getAttribute("href")).toBe("/conversations");
    const badge = screen.getByTestId("conversation-badge");
    expect(badge.textContent).toBe("2");
    expect(badge.getAttribute("aria-hidden")).toBe("true");
    expect(requests("GET", "/api/v1/conversations")[0].query).toEqual({
      "page[number]": "1",
      "page[size]": "1",
    });
  });

  it("with nothing unread: 'Gesprekken', no badge; in English 'Conversations'", async () => {
    state.threads[0].unread_count = 0;
    renderWith(<ConversationsLink />);
    await waitFor(() => expect(requests("GET", "/api/v1/conversations")).toHaveLength(1));
    expect(await screen.findByRole("link", { name: "Gesprekken" })).toBeTruthy();
    expect(screen.queryByTestId("conversation-badge")).toBeNull();
    cleanup();
    state.threads[0].unread_count = 3;
    renderWith(<ConversationsLink />, "en");
    expect(await screen.findByRole("link", { name: "Conversations, 3 unread" })).toBeTruthy();
  });

  it("asks again every CONVERSATION_POLL_MS", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    renderWith(<ConversationsLink />);
    await screen.findByRole("link", { name: "Gesprekken, 2 ongelezen" });
    state.threads[1].unread_count = 4;
    act(() => {
      vi.advanceTimersByTime(CONVERSATION_POLL_MS);
    });
    expect(await screen.findByRole("link", { name: "Gesprekken, 6 ongelezen" })).toBeTruthy();
  });

  it("is not there for a signed-out visitor, and asks nothing", async () => {
    authStatus = "SIGNED_OUT";
    renderWith(<ConversationsLink />);
    expect(screen.queryByRole("link")).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(state.sent).toHaveLength(0);
  });
});
