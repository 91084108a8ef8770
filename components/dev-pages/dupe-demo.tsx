"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useApiMutation } from "@/lib/api/use-api-mutation";

const SEND_MS = 1500;

/**
 * Duplicate-submit protection as the product does it: a click while the send is pending
 * sends nothing (`if (!m.isPending) m.mutate()`), and the button stays focusable
 * (aria-disabled) instead of disabled. Counts clicks against sends; nothing leaves the browser.
 */
export function DupeDemo() {
  const t = useTranslations("devPages.dupe");
  const [clicks, setClicks] = useState(0);
  const [sends, setSends] = useState(0);
  const send = useApiMutation<void, void>({
    mutationFn: async () => {
      setSends((n) => n + 1);
      await new Promise((resolve) => setTimeout(resolve, SEND_MS));
    },
    invalidates: [],
    audited: false,
  });
  return (
    <div className="flex flex-col items-start gap-4">
      <Button
        aria-disabled={send.isPending || undefined}
        onClick={() => {
          setClicks((n) => n + 1);
          if (!send.isPending) send.mutate();
        }}
      >
        {send.isPending ? t("sending") : t("send")}
      </Button>
      <p role="status" className="text-neutral-800">
        {t("counts", { clicks, sends })}
      </p>
    </div>
  );
}
