"use client";

import { useEffect } from "react";
import { ErrorBoundaryScreen } from "@/components/errors/error-boundary-screen";
import { useResetOnNavigation } from "@/components/errors/use-reset-on-navigation";
import { reportError } from "@/lib/errors/report";

type Props = { error: unknown; reset: () => void; retry?: () => void };

/** The error screen of the empty layout (spec §4), as app/(site)/error.tsx is for the default one. */
export default function BareErrorPage({ error, reset, retry }: Props) {
  useResetOnNavigation(reset);
  useEffect(() => {
    reportError(error, { source: "error-boundary" });
  }, [error]);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      <ErrorBoundaryScreen
        error={error}
        onClear={retry ?? reset}
        // Inlined at build time; lib/env.ts is for the server (the browser has no process.env).
        development={process.env.NODE_ENV === "development"}
      />
    </div>
  );
}
