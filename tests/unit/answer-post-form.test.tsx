import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HelpPostCard } from "@/components/peer-help/help-post-card";
import { ToastProvider } from "@/components/toasts/toast-provider";
import { timeZone } from "@/lib/i18n/config";
import { helpPostKeys } from "@/lib/peer-help/help-post-api";
import type { THelpPost } from "@/lib/peer-help/help-post-types";
import { createToastStore } from "@/lib/toasts/toast-store";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";
import { jsonResponse, type TSent } from "./support/fake-applications";

// "Reageren" on a peer-help post: who is offered it, and the form against a fake api.

const POST: THelpPost = {
  id: "31",
  kind: "request",
  category: "shopping",
  title: "Boodschappen op dinsdag",
  body: "Wie kan helpen?",
  timing: "dinsdagmiddag",
  city: "Oldebroek",
  latitude: 52.45,
  longitude: 5.9,
  distanceKm: null,
  status: "open",
  expiresAt: "2027-01-20T10:00:00.000Z",
  posterFirstName: "Piet",
  mine: false,
  allowedEvents: [],
  hiddenReason: null,
  myConversationId: null,
  createdAt: "2026-11-20T10:00:00.000Z",
};

const sent: TSent[] = [];
let answer: () => Response;

beforeEach(() => {
  sent.length = 0;
  answer = () =>
    jsonResponse({ data: { type: "conversations", id: "77", attributes: { kind: "help" } } }, 201);
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://site.invalid");
    const method = init.method ?? "GET";
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), body });
    if (url.pathname === "/api/v1/help_posts/31/conversations" && method === "POST") {
      return answer();
    }
    return jsonResponse({ errors: [{ status: "404" }] }, 404);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCard(post: THelpPost, signedIn = true, locale: "nl" | "en" = "nl") {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, "invalidateQueries");
  render(
    <NextIntlClientProvider
      locale={locale}
      messages={locale === "nl" ? nl : en}
      timeZone={timeZone}
    >
      <QueryClientProvider client={queryClient}>
        <ToastProvider store={createToastStore()}>
          <HelpPostCard post={post} signedIn={signedIn} />
        </ToastProvider>
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
  return { invalidate };
}

const posts = () => sent.filter((r) => r.method === "POST");

describe("answering a peer-help post", () => {
  it("is offered on someone else's open post, signed in; not on one's own, a closed one, or signed out", () => {
    renderCard(POST);
    expect(screen.getByRole("button", { name: "Reageren" })).toBeTruthy();
    for (const [post, signedIn] of [
      [{ ...POST, mine: true }, true],
      [{ ...POST, status: "closed" as const }, true],
      [POST, false],
    ] as const) {
      cleanup();
      renderCard(post, signedIn);
      expect(screen.queryByRole("button", { name: "Reageren" })).toBeNull();
    }
  });

  it("refuses an empty message before sending", async () => {
    renderCard(POST);
    fireEvent.click(screen.getByRole("button", { name: "Reageren" }));
    fireEvent.click(screen.getByRole("button", { name: "Versturen" }));
    await screen.findByRole("form", { name: 'Reageren op "Boodschappen op dinsdag"' });
    expect(await screen.findByText("Schrijf eerst een bericht.")).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it("sends the message to the post's thread and refreshes the board", async () => {
    const { invalidate } = renderCard(POST);
    fireEvent.click(screen.getByRole("button", { name: "Reageren" }));
    expect(
      screen.getByText("Piet krijgt je bericht. Jullie praten verder onder Gesprekken."),
    ).toBeTruthy();
    fireEvent.input(screen.getByRole("textbox", { name: /Je bericht/ }), {
      target: { value: " Ik kan dinsdag om twee uur. " },
    });
    fireEvent.click(screen.getByRole("button", { name: "Versturen" }));
    await screen.findByText("Je bericht is verstuurd.");
    expect(posts()[0]).toMatchObject({
      path: "/api/v1/help_posts/31/conversations",
      body: {
        data: { type: "conversations", attributes: { body: "Ik kan dinsdag om twee uur." } },
      },
    });
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([helpPostKeys.all]);
  });

  it("says the api's refusal above the field and keeps what was typed", async () => {
    answer = () =>
      jsonResponse(
        {
          errors: [
            { status: "403", title: "Forbidden", detail: "You are not allowed to do this." },
          ],
        },
        403,
      );
    renderCard(POST, true, "en");
    fireEvent.click(screen.getByRole("button", { name: "Reply" }));
    const box = screen.getByRole("textbox", { name: /Your message/ });
    fireEvent.input(box, { target: { value: "Can I help?" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Your message could not be sent.")).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe("Can I help?");
  });

  it("leads to the conversation once answered", () => {
    renderCard({ ...POST, myConversationId: 77 });
    expect(screen.queryByRole("button", { name: "Reageren" })).toBeNull();
    const link = screen.getByRole("link", { name: "Naar je gesprek hierover" });
    expect(link.getAttribute("href")).toBe("/conversations?id=77");
  });
});
