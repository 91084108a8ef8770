"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Pagination } from "@/components/lists/pagination";
import { QueryGate } from "@/components/ui/query-gate";
import { RelativeTime } from "@/components/ui/relative-time";
import { conversationListQuery } from "@/lib/conversations/conversation-queries";
import type { TConversation } from "@/lib/conversations/conversation-types";
import {
  listParams,
  pageHref,
  threadHref,
  unreadHref,
} from "@/lib/conversations/conversations-url";
import { otherSideName } from "./conversation-thread";

// The current filter: filled and bold, not colour alone (WCAG 1.4.1); as /notificaties'.
const filterLinkClass =
  "inline-flex min-h-11 items-center rounded-full border-2 border-neutral-700 px-4 py-1.5 font-medium text-neutral-900 no-underline hover:bg-neutral-100 hover:text-neutral-900 [&[aria-current]]:bg-neutral-800 [&[aria-current]]:font-bold [&[aria-current]]:text-white";

type Props = { selectedId: string | undefined; headingId: string };

/**
 * The caller's threads, newest activity first, polled: each row names the thread, the other
 * side, the last message's start, when, and how many are unread (in words). A row opens its
 * thread through `?id=`; the open one is aria-current. All or only unread, and the page, are
 * in the URL.
 */
export function ConversationList({ selectedId, headingId }: Props) {
  const t = useTranslations("conversations.list");
  const searchParams = useSearchParams();
  const params = listParams(searchParams);
  const query = useQuery(conversationListQuery(params));
  const data = query.data;

  const emptyText = (records: number): ReactNode => {
    if (records > 0)
      return (
        <>
          {t("outOfRange")} <Link href={pageHref(searchParams, 1)}>{t("firstPage")}</Link>
        </>
      );
    if (params.unread)
      return (
        <>
          {t("emptyUnread")} <Link href={unreadHref(searchParams, false)}>{t("showAll")}</Link>
        </>
      );
    return t("empty");
  };

  return (
    <div className="flex flex-col gap-4">
      <h2 id={headingId} tabIndex={-1} className="text-xl font-bold">
        {t("heading")}
      </h2>
      <nav aria-label={t("filterLabel")}>
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link
              href={unreadHref(searchParams, false)}
              aria-current={params.unread ? undefined : "page"}
              className={filterLinkClass}
            >
              {t("filterAll")}
            </Link>
          </li>
          <li>
            <Link
              href={unreadHref(searchParams, true)}
              aria-current={params.unread ? "page" : undefined}
              className={filterLinkClass}
            >
              {t("filterUnread")}
            </Link>
          </li>
        </ul>
      </nav>
      <QueryGate
        query={query}
        failed={t("loadFailed")}
        empty={{
          when: (page) => page.conversations.length === 0,
          children: emptyText(data?.pagination.records ?? 0),
        }}
      >
        {(page) => (
          <ol
            aria-labelledby={headingId}
            aria-busy={query.isPlaceholderData || undefined}
            className="flex flex-col gap-2"
          >
            {page.conversations.map((conversation) => (
              <ConversationRow
                key={conversation.id}
                conversation={conversation}
                href={threadHref(searchParams, conversation.id)}
                selected={conversation.id === selectedId}
              />
            ))}
          </ol>
        )}
      </QueryGate>
      {data ? (
        <Pagination
          current={params.page}
          last={Math.max(1, Math.ceil(data.pagination.records / params.size))}
          hrefFor={(page) => pageHref(searchParams, page)}
        />
      ) : null}
    </div>
  );
}

function ConversationRow({
  conversation,
  href,
  selected,
}: {
  conversation: TConversation;
  href: string;
  selected: boolean;
}) {
  const t = useTranslations("conversations");
  const unread = conversation.unreadCount ?? 0;
  const when = conversation.lastMessageAt ?? conversation.createdAt;
  return (
    <li>
      <Link
        href={href}
        aria-current={selected ? "page" : undefined}
        className={`flex flex-col gap-1 rounded-shape border-2 p-3 text-neutral-900 no-underline hover:bg-neutral-100 hover:text-neutral-900 ${
          selected ? "border-neutral-900 bg-neutral-100" : "border-neutral-300 bg-white"
        }`}
      >
        <span className="flex flex-wrap items-baseline justify-between gap-x-2">
          <span className={unread > 0 ? "font-bold" : "font-semibold"}>
            {conversation.title || t("thread.untitled")}
          </span>
          <RelativeTime date={when} className="text-sm text-neutral-800" />
        </span>
        <span className="text-sm text-neutral-800">{otherSideName(conversation)}</span>
        {conversation.lastMessagePreview ? (
          <span className="line-clamp-2 text-sm [overflow-wrap:anywhere]">
            {conversation.lastMessagePreview}
          </span>
        ) : null}
        {unread > 0 ? (
          // Words, not a dot: the count is read out and seen without colour (WCAG 1.4.1).
          <span className="self-start rounded-full bg-primary-800 px-2 text-sm font-bold text-white">
            {t("list.unread", { count: unread })}
          </span>
        ) : null}
        {selected ? <span className="sr-only">{t("list.open")}</span> : null}
      </Link>
    </li>
  );
}
