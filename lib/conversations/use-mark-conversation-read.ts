"use client";
import { useQueryClient } from "@tanstack/react-query";
import { type ApiClient, api } from "@/lib/api";
import { useApiMutation } from "@/lib/api/use-api-mutation";
import { markConversationRead } from "./conversation-api";
import { conversationKeys } from "./conversation-keys";
import type { TConversation } from "./conversation-types";

/**
 * Marks one thread read up to now (PUT …/read). Done by the page, not asked for, so a failure
 * shows no toast: the thread stays unread and the next poll tries again. The thread and the
 * toolbar's count take the answer at once; the lists (their rows' badges) are refetched.
 */
export function useMarkConversationRead(id: string, client: ApiClient = api) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: () => markConversationRead(client, id),
    invalidates: [conversationKeys.lists()],
    audited: false,
    onSuccess: ({ unreadCount }) => {
      queryClient.setQueryData<TConversation>(conversationKeys.detail(id), (thread) =>
        thread ? { ...thread, unreadCount: 0 } : thread,
      );
      if (unreadCount !== undefined) {
        queryClient.setQueryData<number>(conversationKeys.unread(), unreadCount);
      } else {
        void queryClient.invalidateQueries({ queryKey: conversationKeys.unread() });
      }
    },
  });
}
