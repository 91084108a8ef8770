"use client";

import { useEffect } from "react";
import { ErrorScreen } from "@/components/errors/error-screen";
import { classifyError } from "@/lib/errors/error-kind";

/**
 * spec §4: the error screen for an error caught while rendering. Next.js resets this
 * boundary on navigation, which is spec §4's "cleared after any navigation".
 */
export default function ErrorPage({ error }: { error: unknown }) {
  useEffect(() => {
    // Error monitoring (ARCHITECTURE.md §12) arrives in a later issue; until then the console.
    console.error(error);
  }, [error]);
  const { kind, code } = classifyError(error);
  return <ErrorScreen kind={kind} code={code} />;
}
