"use client";

import { type ReactNode, useEffect, useRef } from "react";

/** Room kept above a focused or scrolled-to element, on top of the header's own height. */
const GAP_PX = 16;

/**
 * The <header>, sticky from md on (spec §1: header variant 'tab', sticky). Below md it
 * scrolls away: on a phone, or zoomed in to 400 %, a bar that stays would take much of
 * the screen. While it sticks, the page's scroll-padding-top follows its real height
 * (a long site name or a wrapped row makes it taller than app/globals.css's 5rem), so
 * the browser never scrolls a focused element under it (WCAG 2.4.11).
 */
export function StickyHeader({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const header = ref.current;
    if (!header) return;
    const root = document.documentElement;
    const update = () => {
      if (getComputedStyle(header).position === "sticky") {
        root.style.scrollPaddingTop = `${header.offsetHeight + GAP_PX}px`;
      } else {
        root.style.removeProperty("scroll-padding-top");
      }
    };
    update();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(update);
    observer?.observe(header);
    // Crossing md changes `position` without necessarily changing the size.
    window.addEventListener("resize", update);
    return () => {
      observer?.disconnect();
      window.removeEventListener("resize", update);
      root.style.removeProperty("scroll-padding-top");
    };
  }, []);

  return (
    <header ref={ref} className="z-20 border-b border-neutral-300 bg-white md:sticky md:top-0">
      {children}
    </header>
  );
}
