/**
 * A fake of the conversations api for the web's unit tests, in its wire format (JSON:API,
 * snake_case): threads with their included messages and participants, per caller.
 */
import { jsonResponse } from "./fake-applications";

export type TFakeMessage = {
  id: string;
  body: string;
  author_id: number | null;
  author_name: string | null;
  mine: boolean;
  created_at: string;
};

export type TFakeConversation = {
  id: string;
  kind?: "application" | "direct";
  title: string | null;
  side: "volunteer" | "organization";
  organization_name: string;
  volunteer_name: string;
  last_message_at: string | null;
  last_message_preview: string | null;
  unread_count: number;
  application_id?: number | null;
  messages: TFakeMessage[];
};

export function conversationResource(c: TFakeConversation, withMessages = false) {
  return {
    type: "conversation",
    id: c.id,
    attributes: {
      kind: c.kind ?? "application",
      title: c.title,
      subject: null,
      side: c.side,
      application_id: c.application_id ?? null,
      organization_id: 4,
      organization_name: c.organization_name,
      volunteer_id: 8,
      volunteer_name: c.volunteer_name,
      last_message_at: c.last_message_at,
      last_message_preview: c.last_message_preview,
      messages_count: c.messages.length,
      unread_count: c.unread_count,
      created_at: "2026-11-20T10:00:00.000Z",
    },
    relationships: withMessages
      ? {
          messages: { data: c.messages.map((m) => ({ type: "message", id: m.id })) },
          participants: { data: [] },
        }
      : {},
  };
}

export function threadDocument(c: TFakeConversation, unreadTotal: number) {
  return {
    data: conversationResource(c, true),
    included: c.messages.map(({ id, ...attributes }) => ({
      type: "message",
      id,
      attributes: { ...attributes, conversation_id: Number(c.id) },
    })),
    meta: { unread_count: unreadTotal },
  };
}

export function conversationListDocument(
  list: TFakeConversation[],
  unreadTotal: number,
  records = list.length,
  current = 1,
) {
  return {
    data: list.map((c) => conversationResource(c)),
    meta: { unread_count: unreadTotal, pagination: { current, records } },
  };
}

export type TConversationSent = {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
};

/**
 * A fetch that answers the conversation calls from `threads` (mutable by the test), records
 * what was sent, and marks a thread read or stores a message as the api does.
 */
export function fakeConversationsApi(state: {
  threads: TFakeConversation[];
  sent: TConversationSent[];
  /** Overrides the answer to POST …/messages (a 422, a 500). */
  messageReply?: ((body: string) => Response) | null;
}) {
  const total = () => state.threads.reduce((sum, c) => sum + c.unread_count, 0);
  return (input: RequestInfo | URL, init: RequestInit = {}): Response | undefined => {
    const url = new URL(String(input), "http://site.invalid");
    const method = init.method ?? "GET";
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    if (!url.pathname.startsWith("/api/v1/conversations")) return undefined;
    state.sent.push({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
    });
    if (url.pathname === "/api/v1/conversations" && method === "GET") {
      const unreadOnly = url.searchParams.get("filter[unread]") === "true";
      const size = Number(url.searchParams.get("page[size]") ?? 25);
      const list = state.threads.filter((c) => !unreadOnly || c.unread_count > 0);
      return jsonResponse(conversationListDocument(list.slice(0, size), total(), list.length));
    }
    const match = /^\/api\/v1\/conversations\/(\d+)(\/messages|\/read)?$/.exec(url.pathname);
    const thread = match ? state.threads.find((c) => c.id === match[1]) : undefined;
    if (!match || !thread)
      return jsonResponse({ errors: [{ status: "404", title: "Not Found" }] }, 404);
    if (!match[2] && method === "GET") return jsonResponse(threadDocument(thread, total()));
    if (match[2] === "/read" && method === "PUT") {
      thread.unread_count = 0;
      return jsonResponse({ ...threadDocument(thread, total()), included: undefined });
    }
    if (match[2] === "/messages" && method === "POST") {
      const text = body.data.attributes.body as string;
      if (state.messageReply) return state.messageReply(text);
      const message: TFakeMessage = {
        id: String(1000 + thread.messages.length),
        body: text,
        author_id: 1,
        author_name: "Ik Zelf",
        mine: true,
        created_at: "2026-11-22T10:00:00.000Z",
      };
      thread.messages = [...thread.messages, message];
      return jsonResponse({ data: { type: "message", id: message.id, attributes: message } }, 201);
    }
    return jsonResponse({ errors: [{ status: "404", title: "Not Found" }] }, 404);
  };
}
