"use client";

import { NextIntlClientProvider } from "next-intl";
import { useMemo, useState } from "react";
import { QueryProvider } from "@/components/providers/query-provider";
import { ToastContext, type ToastContextValue } from "@/lib/toasts/toast-context";
import { toastStore } from "@/lib/toasts/toast-store";
import { ApplyBody } from "./apply-body";
import type { TApplyPanelProps } from "./apply-island";

/**
 * The signed-in visitor's side of the apply island, loaded lazily by apply-island.tsx with
 * the providers the public page does not have (docs/public-pages.md). Toasts go to the
 * browser's one store, which the signed-in toolbar's ToastProvider shows: a second
 * toaster here would show every toast twice.
 */
export default function ApplyPanel({
  vacancyId,
  profiles,
  questions,
  locale,
  timeZone,
  messages,
}: TApplyPanelProps) {
  const [position, setPosition] = useState<ToastContextValue["position"]>("bottom-right");
  const toasts = useMemo<ToastContextValue>(
    () => ({ store: toastStore, position, setPosition }),
    [position],
  );
  return (
    <NextIntlClientProvider locale={locale} timeZone={timeZone} messages={messages}>
      <QueryProvider>
        <ToastContext value={toasts}>
          <ApplyBody vacancyId={vacancyId} profiles={profiles} questions={questions ?? null} />
        </ToastContext>
      </QueryProvider>
    </NextIntlClientProvider>
  );
}
