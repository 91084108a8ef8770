import type { TConversationKind } from "@/lib/contract/conversations";

/**
 * Conversations as the api sends them (docs/api-conversations.md), keys camelCased and
 * included messages and participants merged into the thread by the client (lib/api).
 */

/** Who the caller is in a thread: its volunteer, staff of its organisation, or the poster
 *  of the help post it answers. */
export type TConversationSide = "volunteer" | "organization" | "peer";

export type TMessage = {
  id: string;
  body: string;
  authorId: number | string | null;
  /** null when the author's account is gone. */
  authorName: string | null;
  /** Written by the caller. */
  mine: boolean;
  conversationId: number | string;
  createdAt: string;
};

export type TParticipant = {
  id: string;
  firstName?: string | null;
  lastName?: string | null;
  side?: TConversationSide | null;
};

export type TConversation = {
  id: string;
  kind: TConversationKind;
  /** The vacancy's title, or a direct or help thread's subject (the post's title). */
  title: string | null;
  subject: string | null;
  side: TConversationSide;
  applicationId: number | string | null;
  /** null in a help thread, which is between two residents. */
  organizationId: number | string | null;
  organizationName: string | null;
  volunteerId: number | string;
  volunteerName: string | null;
  helpPostId?: number | string | null;
  peerId?: number | string | null;
  peerName?: string | null;
  lastMessageAt: string | null;
  lastMessagePreview: string | null;
  messagesCount: number;
  /** The caller's unread messages in this thread. */
  unreadCount: number;
  createdAt: string;
  /** With `include=messages`: the newest 200, oldest first. */
  messages?: TMessage[];
  participants?: TParticipant[];
};

export type TConversationPagination = { current: number; records: number };

/** One page of the caller's threads, with their unread messages over all threads. */
export type TConversationPage = {
  conversations: TConversation[];
  pagination: TConversationPagination;
  unreadCount: number;
};

/** The list's URL state: page, size and "unread only". */
export type TConversationListParams = { page: number; size: number; unread: boolean };
