"use client";

import "./globals.css";
import { useEffect } from "react";
import { GlobalErrorScreen } from "@/components/errors/global-error-screen";
import { GLOBAL_ERROR_TEXTS } from "@/components/errors/global-error-texts";

/**
 * An error the root layout itself threw (or one past every other boundary): Next replaces
 * the whole document with this, so it brings its own <html> and <body> and no providers
 * (docs/errors.md: why it is in both languages). Reported like every other caught error.
 */
export default function GlobalError({ error }: { error: unknown }) {
  useEffect(() => {
    // Loaded when needed: this file ships with every page, the reporter only matters now.
    import("@/lib/errors/report")
      .then(({ reportError }) => reportError(error, { source: "global-error" }))
      .catch(() => undefined);
  }, [error]);
  return (
    <html lang="nl">
      <head>
        <title>{`${GLOBAL_ERROR_TEXTS.nl.title} / ${GLOBAL_ERROR_TEXTS.en.title}`}</title>
      </head>
      <body className="flex min-h-screen flex-col font-sans antialiased">
        <GlobalErrorScreen />
      </body>
    </html>
  );
}
