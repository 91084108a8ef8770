"use client";

import { lazy, Suspense } from "react";

// spec §4: the error screen of the pages without app providers (app/(public)/error.tsx and
// app/(landing)/error.tsx; docs/public-pages.md). This file ships with every such page; the screen, its reporter and the router hooks it
// uses load only when a page failed. Should even that load fail, global-error takes over.
const PublicErrorBoundary = lazy(() =>
  import("@/components/errors/public-error-boundary").then((m) => ({
    default: m.PublicErrorBoundary,
  })),
);

export function PublicErrorShell(props: { error: unknown; reset: () => void }) {
  return (
    <Suspense fallback={null}>
      <PublicErrorBoundary {...props} />
    </Suspense>
  );
}
