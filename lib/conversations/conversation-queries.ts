import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "@/lib/api";
import { CONVERSATION_POLL_MS } from "@/lib/contract/conversations";
import { fetchConversation, fetchConversations, fetchUnreadCount } from "./conversation-api";
import { conversationKeys } from "./conversation-keys";
import type { TConversationListParams } from "./conversation-types";

/**
 * New messages arrive without a reload: asked again every CONVERSATION_POLL_MS while the tab
 * is visible. TanStack pauses the interval in a hidden tab (refetchIntervalInBackground:
 * false) and asks again when it becomes visible (refetchOnWindowFocus).
 */
export const CONVERSATION_POLLING = {
  refetchInterval: CONVERSATION_POLL_MS,
  refetchIntervalInBackground: false,
} as const;

/** /conversations: one page of one filter, polled; the previous page stays while the next loads. */
export function conversationListQuery(params: TConversationListParams, client: ApiClient = api) {
  return queryOptions({
    queryKey: conversationKeys.list(params),
    queryFn: ({ signal }) => fetchConversations(client, params, signal),
    placeholderData: keepPreviousData,
    ...CONVERSATION_POLLING,
  });
}

/** One thread with its messages, polled while it is open. */
export function conversationQuery(id: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: conversationKeys.detail(id),
    queryFn: ({ signal }) => fetchConversation(client, id, signal),
    ...CONVERSATION_POLLING,
  });
}

/** The toolbar's count (GET /conversations?page[size]=1, meta.unread_count), polled. */
export function conversationUnreadQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: conversationKeys.unread(),
    queryFn: ({ signal }) => fetchUnreadCount(client, signal),
    ...CONVERSATION_POLLING,
  });
}
