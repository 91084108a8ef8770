"use client";

import { useEffect } from "react";
import { ErrorBoundaryScreen } from "@/components/errors/error-boundary-screen";
import { useResetOnNavigation } from "@/components/errors/use-reset-on-navigation";
import { reportError } from "@/lib/errors/report";

type Props = { error: unknown; reset: () => void; retry?: () => void };

/**
 * spec §4: the error screen for an error caught while rendering a page of the default layout
 * (interrupts such as notFound() go past it to their own screens). It clears on any
 * navigation: Next resets the boundary on a new pathname, useResetOnNavigation on a new query.
 * The error goes to reportError (app error hook, and Sentry unless the filter keeps it).
 */
export default function ErrorPage({ error, reset, retry }: Props) {
  useResetOnNavigation(reset);
  useEffect(() => {
    reportError(error, { source: "error-boundary" });
  }, [error]);
  return (
    <ErrorBoundaryScreen
      error={error}
      onClear={retry ?? reset}
      // Inlined at build time; lib/env.ts is for the server (the browser has no process.env).
      development={process.env.NODE_ENV === "development"}
    />
  );
}
