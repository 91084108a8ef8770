"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useTransition } from "react";
import { isLocale, localeChoicePath } from "@/lib/i18n/config";
import type { TLanguageFormProps } from "./language-panel";
import { writeLocaleCookie } from "./locale-cookie";

/**
 * The language form of the app's header (language-panel.tsx): once the page is hydrated a
 * choice is stored in the locale cookie and the server components render again in place,
 * so the client state of the page (a half-filled form) stays. Before hydration the same
 * form posts to /api/locale.
 */
export function LanguageRefreshForm({ current, children }: TLanguageFormProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const next = submitter instanceof HTMLButtonElement ? submitter.value : null;
    if (!isLocale(next)) return;
    event.preventDefault();
    // Closing the popover puts focus back on its button.
    const panel = event.currentTarget.closest<HTMLElement>("[popover]");
    if (panel?.matches(":popover-open")) panel.hidePopover();
    if (next === current) return;
    writeLocaleCookie(next);
    startTransition(() => router.refresh());
  };

  return (
    <form
      method="post"
      action={localeChoicePath}
      onSubmit={onSubmit}
      aria-busy={pending || undefined}
    >
      {children}
    </form>
  );
}
