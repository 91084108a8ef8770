"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";

type Props = { error: unknown; onClear: () => void };

function stackOf(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}

/**
 * spec §8: the development-only stack trace toggle (Show/Hide) and the Clear Error button
 * (which clears the error boundary and renders the page again). Rendered only in development
 * (components/errors/error-boundary-screen.tsx), so a visitor never sees a stack trace.
 */
export function ErrorDevTools({ error, onClear }: Props) {
  const t = useTranslations("errors.devTools");
  const [open, setOpen] = useState(false);
  const stackId = useId();
  const labelId = useId();
  return (
    <div className="mt-8 text-left">
      <div className="flex flex-wrap items-center justify-center gap-3">
        <span id={labelId} className="font-semibold text-neutral-900">
          {t("stackTrace")}
        </span>
        <Button
          variant="outline"
          size="sm"
          aria-expanded={open}
          aria-controls={stackId}
          aria-describedby={labelId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? t("hide") : t("show")}
        </Button>
        <Button variant="outline" size="sm" onClick={onClear}>
          {t("clear")}
        </Button>
      </div>
      <pre
        id={stackId}
        hidden={!open}
        className="mt-4 max-h-96 overflow-auto rounded-shape border border-neutral-300 bg-neutral-50 p-4 text-sm whitespace-pre-wrap break-words text-neutral-900"
      >
        {stackOf(error)}
      </pre>
    </div>
  );
}
