"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

/** A list's body while its first page loads (announced politely). */
export function ListLoading() {
  const t = useTranslations("common");
  return (
    <p role="status" className="py-8 text-neutral-800">
      {t("loading")}
    </p>
  );
}

/** A list that could not be loaded, with a way to try again. */
export function ListLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useTranslations("lists");
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-shape border-2 border-danger-700 bg-danger-50 p-4 text-danger-800"
    >
      <p className="font-semibold">{message}</p>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t("retry")}
      </Button>
    </div>
  );
}

/** The empty state: no rows, with what to do about it. */
export function ListEmpty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-shape border-2 border-dashed border-neutral-400 p-6 text-neutral-800">
      {children}
    </p>
  );
}

/**
 * A wide table that scrolls on its own on a narrow screen. The scrolling region is
 * focusable and named, so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1)
      tabIndex={0}
      // `relative`: an absolutely placed descendant (a visually hidden label, sr-only) is
      // clipped with the table; else it sits where the table runs on, beyond the window,
      // and the whole page scrolls sideways (WCAG 1.4.10).
      className="relative overflow-x-auto rounded-shape border-2 border-neutral-300 bg-white"
    >
      {children}
    </section>
  );
}
