"use client";

import { classifyError } from "@/lib/errors/error-kind";
import { ErrorDevTools } from "./error-dev-tools";
import { ErrorScreen } from "./error-screen";
import { NotFoundPath } from "./not-found-path";

type Props = {
  error: unknown;
  /** Clears the boundary and renders its page again (Next's `retry`). */
  onClear: () => void;
  /** NODE_ENV development: adds the stack trace toggle and Clear Error (spec §8). */
  development: boolean;
};

/** The error screen an error boundary shows for a caught error (spec §4, §8). */
export function ErrorBoundaryScreen({ error, onClear, development }: Props) {
  const { kind, code } = classifyError(error);
  return (
    <ErrorScreen kind={kind} code={code}>
      {kind === "notFound" ? <NotFoundPath /> : null}
      {development ? <ErrorDevTools error={error} onClear={onClear} /> : null}
    </ErrorScreen>
  );
}
