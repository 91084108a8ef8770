"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { PageTitle } from "@/components/ui/page-title";
import { threadHref, threadParam } from "@/lib/conversations/conversations-url";
import { ConversationList } from "./conversation-list";
import { ConversationThread } from "./conversation-thread";

const LIST_HEADING = "conversations-list-heading";

/**
 * /conversations (docs/conversations-pages.md): the list beside the open thread on wide
 * screens, one of them at a time on narrow ones. `?id=` picks the thread, so back and forward
 * move between threads. Choosing one moves focus to its title; going back to the list (on a
 * narrow screen the thread's pane goes away) moves it to the list's heading.
 */
export function ConversationsPage() {
  const t = useTranslations("conversations");
  const searchParams = useSearchParams();
  const id = threadParam(searchParams);
  // The id the page opened with is not a choice the reader just made: no focus move for it.
  const [firstId] = useState(id);
  const chosen = useRef(false);
  if (id !== firstId) chosen.current = true;
  const previous = useRef(id);
  useEffect(() => {
    if (previous.current && !id) document.getElementById(LIST_HEADING)?.focus();
    previous.current = id;
  }, [id]);

  return (
    <div className="flex flex-col gap-2">
      <PageTitle description={t("description")}>{t("title")}</PageTitle>
      <div className="grid gap-6 lg:grid-cols-[minmax(18rem,24rem)_1fr]">
        <section aria-labelledby={LIST_HEADING} className={id ? "hidden lg:block" : "block"}>
          <ConversationList selectedId={id} headingId={LIST_HEADING} />
        </section>
        <section
          aria-label={t("thread.paneLabel")}
          className={id ? "flex flex-col gap-3" : "hidden lg:flex lg:flex-col"}
        >
          {id ? (
            <>
              <p className="lg:hidden">
                <Link href={threadHref(searchParams, null)} className="inline-block py-2">
                  {t("thread.back")}
                </Link>
              </p>
              <ConversationThread key={id} id={id} focusOnLoad={chosen.current} />
            </>
          ) : (
            <p className="rounded-shape border-2 border-dashed border-neutral-300 p-6 text-neutral-800">
              {t("thread.choose")}
            </p>
          )}
        </section>
      </div>
    </div>
  );
}
