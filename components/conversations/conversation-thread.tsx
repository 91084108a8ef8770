"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { QueryGate } from "@/components/ui/query-gate";
import { InvitationAnswer } from "@/components/volunteer-pool/invitation-answer";
import { isApiError } from "@/lib/api/errors";
import { conversationQuery } from "@/lib/conversations/conversation-queries";
import type { TConversation, TMessage } from "@/lib/conversations/conversation-types";
import { conversationHref } from "@/lib/conversations/conversations-url";
import { useMarkConversationRead } from "@/lib/conversations/use-mark-conversation-read";
import { usePageVisible } from "@/lib/conversations/use-page-visible";
import { MessageComposer } from "./message-composer";
import { MessageText } from "./message-text";

type Props = {
  id: string;
  /**
   * Inside another page (the application's), whose own heading names the conversation: no
   * title of its own, and a link to the thread on /conversations.
   */
  embedded?: boolean;
  /** Move focus to the thread's title once it shows: the reader just chose it. */
  focusOnLoad?: boolean;
};

/**
 * One thread (docs/conversations-pages.md): its messages oldest first, each with author and
 * time, the reader's own set apart by place AND by the word "Jij"; a composer; polled while
 * open. It is marked read when it shows and whenever new messages arrive while the tab is
 * visible; new messages from others are said in a polite status region, focus stays put.
 */
export function ConversationThread({ id, embedded = false, focusOnLoad = false }: Props) {
  const t = useTranslations("conversations.thread");
  const query = useQuery(conversationQuery(id));
  return (
    <QueryGate
      query={query}
      failed={t("loadFailed")}
      // Not the caller's, another tenant's or gone: said in the pane, the list stays usable.
      refused={(error) =>
        isApiError(error) && error.statusCode === 404 ? <p>{t("notFound")}</p> : undefined
      }
    >
      {(conversation) => (
        <Thread conversation={conversation} embedded={embedded} focusOnLoad={focusOnLoad} />
      )}
    </QueryGate>
  );
}

/**
 * The other side's name as the reader sees it: the organisation (or, answering a help post,
 * its poster), or the volunteer.
 */
export function otherSideName(conversation: TConversation): string {
  return (
    (conversation.side === "volunteer"
      ? (conversation.organizationName ?? conversation.peerName)
      : conversation.volunteerName) ?? ""
  );
}

/** Messages from others the reader has not seen in this thread yet, said once. */
function useNewMessageAnnouncement(messages: readonly TMessage[]) {
  const t = useTranslations("conversations.thread");
  const seen = useRef<Set<string> | null>(null);
  const [announcement, setAnnouncement] = useState("");
  useEffect(() => {
    const ids = messages.map((m) => m.id);
    // What was there when the thread opened is not news.
    if (seen.current === null) {
      seen.current = new Set(ids);
      return;
    }
    const known = seen.current;
    const fresh = messages.filter((m) => !known.has(m.id) && !m.mine);
    for (const messageId of ids) known.add(messageId);
    if (fresh.length === 0) return;
    const names = [...new Set(fresh.map((m) => m.authorName || t("someone")))].join(", ");
    setAnnouncement(t("newMessages", { count: fresh.length, names }));
  }, [messages, t]);
  return [announcement, setAnnouncement] as const;
}

function Thread({
  conversation,
  embedded,
  focusOnLoad,
}: {
  conversation: TConversation;
  embedded: boolean;
  focusOnLoad: boolean;
}) {
  const t = useTranslations("conversations");
  // A message whose author deleted their account has none left (docs/data-exports.md).
  const tPersonal = useTranslations("personalData");
  const format = useFormatter();
  const messages = conversation.messages ?? [];
  const heading = useRef<HTMLHeadingElement>(null);
  const scroller = useRef<HTMLElement>(null);
  const nearBottom = useRef(true);
  const [announcement, setAnnouncement] = useNewMessageAnnouncement(messages);
  const visible = usePageVisible();
  const markRead = useMarkConversationRead(conversation.id);
  const { mutate: mark, isPending: marking } = markRead;
  const unread = conversation.unreadCount ?? 0;
  const lastId = messages.at(-1)?.id;

  // Read when it shows, and again when a poll brings news while the tab is visible.
  useEffect(() => {
    if (unread > 0 && visible && !marking) mark(undefined);
  }, [unread, visible, marking, mark]);

  useEffect(() => {
    if (focusOnLoad) heading.current?.focus();
  }, [focusOnLoad]);

  // The newest message in view when the thread opens and when one arrives, unless the reader
  // scrolled up to read older ones.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the last message changes
  useLayoutEffect(() => {
    const box = scroller.current;
    if (box && nearBottom.current) box.scrollTop = box.scrollHeight;
  }, [lastId]);

  const title = conversation.title || t("thread.untitled");
  const other = otherSideName(conversation);
  return (
    <div className="flex flex-col gap-4">
      {embedded ? (
        <p>
          <Link href={conversationHref(conversation.id)} className="inline-block py-1">
            {t("thread.openInInbox")}
          </Link>
        </p>
      ) : (
        <hgroup>
          <h2 ref={heading} tabIndex={-1} className="text-2xl font-bold">
            {title}
          </h2>
          {other ? <p className="text-neutral-800">{t("thread.with", { name: other })}</p> : null}
        </hgroup>
      )}
      {conversation.kind === "invitation" && conversation.side === "volunteer" ? (
        <InvitationAnswer conversationId={conversation.id} />
      ) : null}
      {messages.length === 0 ? (
        <p>{t("thread.empty")}</p>
      ) : (
        // Scrolls on its own: focusable, so a keyboard can scroll it too (WCAG 2.1.1).
        <section
          ref={scroller}
          aria-label={t("thread.messagesLabel", { title })}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
          onScroll={(event) => {
            const box = event.currentTarget;
            nearBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
          }}
          className="max-h-[60vh] overflow-y-auto rounded-shape border border-neutral-300 p-3"
        >
          <ol className="flex flex-col gap-3">
            {messages.map((message) => (
              <li
                key={message.id}
                className={`flex flex-col gap-1 rounded-shape border-2 p-3 sm:max-w-[85%] ${
                  message.mine
                    ? "self-end border-primary-700 bg-primary-50"
                    : "self-start border-neutral-300 bg-white"
                }`}
              >
                <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                  <span className="font-bold text-neutral-900">
                    {message.mine
                      ? t("thread.you")
                      : message.authorName ||
                        (message.authorId === null
                          ? tPersonal("deletedAccount")
                          : t("thread.someone"))}
                  </span>
                  <time dateTime={message.createdAt} className="text-neutral-800">
                    {format.dateTime(new Date(message.createdAt), {
                      dateStyle: "medium",
                      timeStyle: "short",
                    })}
                  </time>
                </p>
                <MessageText text={message.body} />
              </li>
            ))}
          </ol>
        </section>
      )}
      {/* Polite: news is said when the reader pauses, and focus never moves for it. */}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <MessageComposer
        conversationId={conversation.id}
        onSent={() => {
          nearBottom.current = true;
          setAnnouncement(t("composer.sent"));
        }}
      />
    </div>
  );
}
