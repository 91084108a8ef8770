"use client";

import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { useMemo, useState, useSyncExternalStore } from "react";
import { QueryProvider } from "@/components/providers/query-provider";
import { signedInIntl } from "@/lib/i18n/signed-in-intl";
import { ToastContext, type ToastContextValue } from "@/lib/toasts/toast-context";
import { toastStore } from "@/lib/toasts/toast-store";
import { ApplyBody } from "./apply-body";
import type { TApplyPanelProps } from "./apply-island";

const noIntl = () => null;
// Heard a microtask later: the toolbar publishes while it renders.
const subscribe = (listener: () => void) => signedInIntl.subscribe(() => queueMicrotask(listener));
const intlSnapshot = () => signedInIntl.getSnapshot().value;

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
  loading,
}: TApplyPanelProps & { loading: ReactNode }) {
  // The signed-in toolbar's language and messages (lib/i18n/signed-in-intl.ts): the page
  // itself carries none, as a signed-out visitor never sees this panel.
  const intl = useSyncExternalStore(subscribe, intlSnapshot, noIntl);
  const [position, setPosition] = useState<ToastContextValue["position"]>("bottom-right");
  const toasts = useMemo<ToastContextValue>(
    () => ({ store: toastStore, position, setPosition }),
    [position],
  );
  if (!intl) return loading;
  return (
    <NextIntlClientProvider locale={intl.locale} timeZone={intl.timeZone} messages={intl.messages}>
      <QueryProvider>
        <ToastContext value={toasts}>
          <ApplyBody vacancyId={vacancyId} profiles={profiles} questions={questions ?? null} />
        </ToastContext>
      </QueryProvider>
    </NextIntlClientProvider>
  );
}
