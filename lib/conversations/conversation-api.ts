/**
 * The conversation calls (docs/api-conversations.md) through the one api client. Every
 * answer about threads carries meta.unreadCount, the caller's unread messages over all
 * their threads.
 */
import type { ApiClient, ApiResponse } from "@/lib/api";
import type {
  TConversation,
  TConversationListParams,
  TConversationPage,
  TMessage,
} from "./conversation-types";

const BASE_PATH = "/api/v1/conversations";
/** What a thread shows: its messages and the people on both sides. */
export const CONVERSATION_INCLUDE = "messages,participants";

const count = (value: unknown) =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : undefined;

function meta(response: ApiResponse<unknown>): Record<string, unknown> {
  return response.meta ?? {};
}

export function unreadCountOf(response: ApiResponse<unknown>): number | undefined {
  return count(meta(response).unreadCount);
}

const threadPath = (id: string) => `${BASE_PATH}/${encodeURIComponent(id)}`;

/** One page of the caller's threads, newest activity first; `unread` only those with unread. */
export async function fetchConversations(
  client: ApiClient,
  { page, size, unread }: TConversationListParams,
  signal?: AbortSignal,
): Promise<TConversationPage> {
  const response = await client.get<TConversation[]>(BASE_PATH, {
    query: {
      page: { number: page, size },
      filter: unread ? { unread: true } : undefined,
    },
    signal,
  });
  const conversations = Array.isArray(response.data) ? response.data : [];
  const pagination = (meta(response).pagination ?? {}) as Record<string, unknown>;
  return {
    conversations,
    pagination: {
      current: count(pagination.current) ?? page,
      records: count(pagination.records) ?? conversations.length,
    },
    // The api always sends it; without it this page's own unread are the best lower bound.
    unreadCount:
      unreadCountOf(response) ?? conversations.reduce((sum, c) => sum + (c.unreadCount ?? 0), 0),
  };
}

/** The caller's unread messages over all threads: a list of one, for its meta. */
export async function fetchUnreadCount(client: ApiClient, signal?: AbortSignal): Promise<number> {
  const page = await fetchConversations(client, { page: 1, size: 1, unread: false }, signal);
  return page.unreadCount;
}

/** One thread with its newest messages (oldest first) and participants; 404 if not the caller's. */
export async function fetchConversation(
  client: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<TConversation> {
  const response = await client.get<TConversation>(threadPath(id), {
    query: { include: CONVERSATION_INCLUDE },
    signal,
  });
  return response.data;
}

/** POST /api/v1/conversations/:id/messages: a 422 on `/data/attributes/body` when empty or too long. */
export async function sendMessage(client: ApiClient, id: string, body: string): Promise<TMessage> {
  const response = await client.post<TMessage>(`${threadPath(id)}/messages`, {
    data: { type: "messages", attributes: { body } },
  });
  return response.data;
}

export type TMarkReadResult = { unreadCount: number | undefined };

/** PUT /api/v1/conversations/:id/read: the thread read up to now. */
export async function markConversationRead(
  client: ApiClient,
  id: string,
): Promise<TMarkReadResult> {
  const response = await client.put<TConversation>(`${threadPath(id)}/read`);
  return { unreadCount: unreadCountOf(response) };
}

/**
 * POST /api/v1/conversations: a centre's admin or member starts a direct thread with a
 * volunteer, for the site's centre, with its first message. 403 for anyone else; 422 on
 * `/data/relationships/volunteer` for an unknown or inactive user or oneself, on
 * `/data/attributes/subject` and `/body` when empty or too long.
 */
export async function startConversation(
  client: ApiClient,
  { volunteerId, subject, body }: { volunteerId: string; subject: string; body: string },
): Promise<TConversation> {
  const response = await client.post<TConversation>(BASE_PATH, {
    data: {
      type: "conversations",
      attributes: { subject, body },
      relationships: { volunteer: { data: { type: "users", id: volunteerId } } },
    },
  });
  return response.data;
}
