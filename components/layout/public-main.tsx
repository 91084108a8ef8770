import type { ReactNode } from "react";
import { mainContentId } from "./skip-link";

/**
 * The <main> of the public reading pages. Unlike route-main.tsx it ships no JavaScript
 * (that one reads the route table in the browser): of the route meta of spec §2, the
 * public pages only use breakoutContainer, and a page asks for it by rendering an element
 * with `data-breakout` (the social map), which CSS `:has()` turns into the full width.
 * A forced colour mode or white background belongs to routes outside app/(public).
 */
export function PublicMain({ children }: { children: ReactNode }) {
  return (
    <main
      id={mainContentId}
      tabIndex={-1}
      className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 focus:outline-none has-[[data-breakout]]:max-w-none lg:has-[[data-breakout]]:px-8"
    >
      {children}
    </main>
  );
}
