"use client";

import Link from "next/link";
import { lazy, Suspense, useEffect, useState } from "react";
import type { TSignedInToolbarProps } from "./signed-in-toolbar";
import { toolbarButtonClass } from "./toolbar-styles";

// A chunk of its own: only a signed-in visitor's browser ever fetches it.
const SignedInToolbar = lazy(() => import("./signed-in-toolbar"));

type Props = TSignedInToolbarProps & { dashboardLabel: string; accountLabel: string };

/**
 * A signed-in visitor's app menus on a page with the light chrome, loaded after the page
 * is up; on the server, until then and without JavaScript a link to the dashboard stands
 * in, in the same Account landmark (docs/public-pages.md).
 */
export function SignedInToolbarIsland({ dashboardLabel, accountLabel, ...props }: Props) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const fallback = (
    <nav aria-label={accountLabel}>
      <Link href="/dashboard" className={toolbarButtonClass}>
        {dashboardLabel}
      </Link>
    </nav>
  );
  if (!mounted) return fallback;
  return (
    <Suspense fallback={fallback}>
      <SignedInToolbar {...props} />
    </Suspense>
  );
}
