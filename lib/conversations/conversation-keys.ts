/**
 * Query keys of the conversations feature (STYLE.md: per-feature factory, never inline).
 * Every key starts with `all`, so a change can reach exactly this feature's data.
 */
import type { TConversationListParams } from "./conversation-types";

export const conversationKeys = {
  all: ["conversations"] as const,
  /** The toolbar's count: the caller's unread messages over all threads. */
  unread: () => [...conversationKeys.all, "unread"] as const,
  lists: () => [...conversationKeys.all, "list"] as const,
  /** /conversations: one page of one filter. */
  list: (params: TConversationListParams) => [...conversationKeys.lists(), params] as const,
  details: () => [...conversationKeys.all, "detail"] as const,
  /** One thread with its messages and participants. */
  detail: (id: string) => [...conversationKeys.details(), id] as const,
};
