/**
 * What the api and the web both know about conversations (docs/api-conversations.md): the
 * two kinds of thread, the limits of what is written, and how often the web asks for news.
 */

/**
 * One thread per application, a direct one a centre's staff start with a volunteer, the
 * one that carries a centre's pool invitation (its side is the centre), or one between a
 * resident who answers a peer-help post and its poster.
 */
export const CONVERSATION_KINDS = ["application", "direct", "invitation", "help"] as const;
export type TConversationKind = (typeof CONVERSATION_KINDS)[number];

export const CONVERSATION_LIMITS = {
  /** A message: plain text, a long e-mail's worth. */
  message: 5000,
  /** A direct thread's subject. */
  subject: 200,
  /** The last message's first characters, shown in the list. */
  preview: 140,
  /** The newest messages a thread's document includes. */
  includedMessages: 200,
} as const;

/** The web asks for new messages this often while a thread or the list is open. */
export const CONVERSATION_POLL_MS = 10_000;

/** A burst of messages in one thread mails a person at most once in this window. */
export const MESSAGE_MAIL_INTERVAL_MS = 15 * 60 * 1000;
