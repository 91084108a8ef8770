"use client";
import { useQuery } from "@tanstack/react-query";
import { useAuth } from "@/lib/auth/use-auth";
import { conversationUnreadQuery } from "./conversation-queries";

/**
 * The signed-in user's unread messages over all their threads, or undefined until known and
 * when signed out. Polled like the threads themselves, only while the tab is visible.
 */
export function useConversationUnreadCount(): number | undefined {
  const { status } = useAuth();
  const signedIn = status === "SIGNED_IN";
  const { data } = useQuery({ ...conversationUnreadQuery(), enabled: signedIn });
  return signedIn ? data : undefined;
}
