"use client";

import { NextIntlClientProvider } from "next-intl";
import { useMemo, useState } from "react";
import { QueryProvider } from "@/components/providers/query-provider";
import { ToastContext, type ToastContextValue } from "@/lib/toasts/toast-context";
import { toastStore } from "@/lib/toasts/toast-store";
import { PeerHelpBoard } from "./peer-help-board";
import type { TPeerHelpPanelProps } from "./peer-help-island";

/**
 * The board side of the peer-help island with the providers the public page lacks
 * (as apply-panel.tsx): toasts go to the browser's one store, shown by the toolbar.
 */
export default function PeerHelpPanel({
  wording,
  locale,
  timeZone,
  messages,
  signedIn,
  mapStyleUrl,
}: TPeerHelpPanelProps & { signedIn: boolean }) {
  const [position, setPosition] = useState<ToastContextValue["position"]>("bottom-right");
  const toasts = useMemo<ToastContextValue>(
    () => ({ store: toastStore, position, setPosition }),
    [position],
  );
  return (
    <NextIntlClientProvider locale={locale} timeZone={timeZone} messages={messages}>
      <QueryProvider>
        <ToastContext value={toasts}>
          <PeerHelpBoard wording={wording} signedIn={signedIn} mapStyleUrl={mapStyleUrl} />
        </ToastContext>
      </QueryProvider>
    </NextIntlClientProvider>
  );
}
