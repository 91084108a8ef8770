import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "@/components/toasts/toast-provider";
import { UserMessageSection } from "@/components/users/user-message-section";
import { organizationKeys } from "@/lib/api/query-keys";
import type { Role } from "@/lib/auth/auth-state";
import { CONVERSATION_LIMITS } from "@/lib/contract/conversations";
import { conversationKeys } from "@/lib/conversations/conversation-keys";
import { mayStartConversation, staffedCentreIds } from "@/lib/conversations/may-start-conversation";
import { timeZone } from "@/lib/i18n/config";
import { createToastStore } from "@/lib/toasts/toast-store";
import type { TUserRecord } from "@/lib/users/user-types";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";
import { jsonResponse, type TSent } from "./support/fake-applications";
import { conversationResource, type TFakeConversation } from "./support/fake-conversations";

// "Bericht sturen" on /users/:id: who is offered it, and the form against a fake api.

const push = vi.fn();
vi.mock("next/navigation", () => ({
  useRouter: () => ({ push, replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn() }),
}));

const CENTRE = { id: "1", type: "VolunteerCenter" };
const SCHOOL = { id: "5", type: "School" };
const role = (name: string, resourceId: string | null, resourceType = "Organization"): Role => ({
  id: `${name}-${resourceId}`,
  name,
  resourceType: resourceId === null ? null : resourceType,
  resourceId,
});
const centreAdmin = { id: "2", roles: [role("admin", "1")] };

const USER: TUserRecord = {
  id: "12",
  email: "youssef@example.nl",
  firstName: "Youssef",
  lastName: "Bos",
  phone: null,
  locale: "nl",
  status: "active",
  volunteerCenterId: 1,
  confirmedAt: null,
  createdAt: "2026-01-01T00:00:00Z",
  updatedAt: "2026-01-01T00:00:00Z",
};

describe("who may start a direct conversation", () => {
  it("a centre's admins and members, on the centre itself", () => {
    expect(staffedCentreIds([role("admin", "1")], [CENTRE, SCHOOL])).toEqual(["1"]);
    expect(staffedCentreIds([role("member", "1")], [CENTRE])).toEqual(["1"]);
    expect(mayStartConversation(centreAdmin, [CENTRE], USER)).toBe(true);
  });

  it("not an organisation's admin, a desk manager, a superadmin, or a role on the class", () => {
    const no = (roles: Role[]) => mayStartConversation({ id: "2", roles }, [CENTRE, SCHOOL], USER);
    expect(no([role("admin", "5")])).toBe(false);
    expect(no([role("desk_manager", "3", "Desk")])).toBe(false);
    expect(no([role("superadmin", null)])).toBe(false);
    expect(no([role("admin", null)])).toBe(false);
  });

  it("never to oneself, nor to someone who is not active", () => {
    expect(mayStartConversation({ ...centreAdmin, id: "12" }, [CENTRE], USER)).toBe(false);
    expect(mayStartConversation(centreAdmin, [CENTRE], { ...USER, status: "inactive" })).toBe(
      false,
    );
    expect(mayStartConversation(centreAdmin, [CENTRE], { ...USER, status: "invited" })).toBe(false);
    expect(mayStartConversation({ id: null, roles: centreAdmin.roles }, [CENTRE], USER)).toBe(
      false,
    );
  });
});

const sent: TSent[] = [];
let postReply: () => Response;
const thread: TFakeConversation = {
  id: "81",
  kind: "direct",
  title: "Vraag",
  side: "organization",
  organization_name: "Vrijwilligerscentrale",
  volunteer_name: "Youssef Bos",
  last_message_at: "2026-11-20T10:00:00.000Z",
  last_message_preview: "Hoi",
  unread_count: 0,
  messages: [],
};
const refusal = (status: number, pointer: string, code = "invalid") =>
  jsonResponse(
    { errors: [{ status: String(status), code, title: "x", detail: "x", source: { pointer } }] },
    status,
  );

beforeEach(() => {
  sent.length = 0;
  postReply = () => jsonResponse({ data: conversationResource(thread) }, 201);
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://site.invalid");
    const method = init.method ?? "GET";
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), body });
    if (url.pathname === "/api/v1/conversations" && method === "POST") return postReply();
    return jsonResponse({ errors: [{ status: "404" }] }, 404);
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

function renderSection(
  viewer: { id: string; roles: Role[] } = centreAdmin,
  locale: "nl" | "en" = "nl",
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
  queryClient.setQueryData(organizationKeys.current(), [CENTRE, SCHOOL]);
  const invalidate = vi.spyOn(queryClient, "invalidateQueries");
  render(
    <NextIntlClientProvider
      locale={locale}
      messages={locale === "nl" ? nl : en}
      timeZone={timeZone}
    >
      <QueryClientProvider client={queryClient}>
        <ToastProvider store={createToastStore()}>
          <UserMessageSection user={USER} viewer={viewer} />
        </ToastProvider>
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
  return { invalidate };
}

const posts = () => sent.filter((r) => r.method === "POST");
async function openForm(open = "Bericht schrijven") {
  fireEvent.click(await screen.findByRole("button", { name: open }));
}
const fill = (label: RegExp, value: string) =>
  fireEvent.input(screen.getByRole("textbox", { name: label }), { target: { value } });

describe("'Bericht sturen' on a user's page", () => {
  it("is not there on one's own record, nor for an organisation's admin", () => {
    renderSection({ ...centreAdmin, id: "12" });
    expect(screen.queryByRole("heading", { name: "Bericht sturen" })).toBeNull();
    cleanup();
    renderSection({ id: "2", roles: [role("admin", "5")] });
    expect(screen.queryByRole("heading", { name: "Bericht sturen" })).toBeNull();
  });

  it("opens a form with subject and message, focus in the subject; cancel gives focus back", async () => {
    renderSection();
    expect(screen.getByRole("heading", { level: 2, name: "Bericht sturen" })).toBeTruthy();
    await openForm();
    expect(screen.getByRole("form", { name: "Bericht aan Youssef Bos" })).toBeTruthy();
    const subject = screen.getByRole("textbox", { name: /Onderwerp/ });
    await waitFor(() => expect(document.activeElement).toBe(subject));
    expect(screen.getByText(`0 van ${CONVERSATION_LIMITS.message} tekens`)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Annuleren" }));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole("button", { name: "Bericht schrijven" }),
      ),
    );
  });

  it("empty fields are refused before sending", async () => {
    renderSection();
    await openForm();
    fireEvent.click(screen.getByRole("button", { name: "Versturen" }));
    expect(await screen.findByText("Vul een onderwerp in.")).toBeTruthy();
    expect(screen.getByText("Schrijf eerst een bericht.")).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it("sends subject, message and the volunteer, refreshes the lists, and opens the new thread", async () => {
    const { invalidate } = renderSection();
    await openForm();
    fill(/Onderwerp/, " Vraag over de zomer ");
    fill(/^Bericht/, "Hoi Youssef, heb je in juli tijd?");
    fireEvent.click(screen.getByRole("button", { name: "Versturen" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith("/conversations?id=81"));
    expect(posts()[0]?.body).toEqual({
      data: {
        type: "conversations",
        attributes: { subject: "Vraag over de zomer", body: "Hoi Youssef, heb je in juli tijd?" },
        relationships: { volunteer: { data: { type: "users", id: "12" } } },
      },
    });
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      conversationKeys.lists(),
    ]);
    expect(screen.getByText("Je bericht aan Youssef Bos is verstuurd.")).toBeTruthy();
  });

  it("the api refusing the volunteer (inactive, unknown, oneself) is said above the fields", async () => {
    postReply = () => refusal(422, "/data/relationships/volunteer");
    renderSection();
    await openForm();
    fill(/Onderwerp/, "Vraag");
    fill(/^Bericht/, "Hoi");
    fireEvent.click(screen.getByRole("button", { name: "Versturen" }));
    expect(
      await screen.findByText(
        "Met Youssef Bos kun je geen gesprek beginnen: het account is niet actief.",
      ),
    ).toBeTruthy();
    expect(push).not.toHaveBeenCalled();
  });

  it("a 403 (not staff of this site's centre) says who may", async () => {
    postReply = () => jsonResponse({ errors: [{ status: "403", title: "Forbidden" }] }, 403);
    renderSection(centreAdmin, "en");
    await openForm("Write a message");
    fill(/Subject/, "Question");
    fill(/^Message/, "Hi");
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText(en.conversations.start.forbidden)).toBeTruthy();
    expect(screen.getByText("Your message could not be sent.")).toBeTruthy();
  });

  it("the api's 422 on the subject lands on the field", async () => {
    postReply = () => refusal(422, "/data/attributes/subject", "too_long");
    renderSection();
    await openForm();
    fill(/Onderwerp/, "Vraag");
    fill(/^Bericht/, "Hoi");
    fireEvent.click(screen.getByRole("button", { name: "Versturen" }));
    const subject = screen.getByRole("textbox", { name: /Onderwerp/ });
    expect(
      await screen.findByText(
        `Het onderwerp mag hooguit ${CONVERSATION_LIMITS.subject} tekens lang zijn.`,
      ),
    ).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(subject));
  });
});
