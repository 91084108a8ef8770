"use client";

import { usePathname } from "next/navigation";
import { type ReactNode, useEffect } from "react";
import { matchRoute } from "@/lib/routes";
import { mainContentId } from "./skip-link";

/**
 * The default layout's <main>, shaped by the route's meta (spec §2): whiteBackground,
 * breakoutContainer (full width instead of the centred container) and a forced colour
 * mode. A client component because layouts do not re-render on client navigation, while
 * the meta belongs to the page being shown.
 */
export function RouteMain({ children }: { children: ReactNode }) {
  const pathname = usePathname() ?? "/";
  const route = matchRoute(pathname)?.route;
  const meta = route?.meta;
  const colorMode = meta?.colorMode;

  useEffect(() => {
    const root = document.documentElement;
    if (colorMode) root.dataset.colorMode = colorMode;
    else delete root.dataset.colorMode;
  }, [colorMode]);

  // Breakout pages (wide tables, maps) span the window, still clear of its edges.
  const width = meta?.breakoutContainer ? "w-full px-4 lg:px-8" : "mx-auto w-full max-w-6xl px-4";
  const background = meta?.whiteBackground ? "bg-white" : "";
  return (
    <main
      id={mainContentId}
      tabIndex={-1}
      className={`${width} ${background} min-w-0 flex-1 py-8 focus:outline-none`}
      data-route={route?.name}
    >
      {children}
    </main>
  );
}
