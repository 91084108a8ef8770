"use client";
import { type RefObject, useLayoutEffect } from "react";

/** Room kept between an open panel and the left edge of the screen. */
const EDGE_PX = 8;

/**
 * The panel opens leftwards from its button. Below md the button sits mid-row (language,
 * account and Menu follow it), so at 320 px a wide panel would start off screen: shift it
 * right just enough to stay on it (WCAG 1.4.10).
 */
export function useKeepOnScreen(ref: RefObject<HTMLElement | null>, open: boolean) {
  useLayoutEffect(() => {
    const panel = ref.current;
    if (!open || !panel) return;
    const place = () => {
      panel.style.right = "";
      const { left } = panel.getBoundingClientRect();
      if (left < EDGE_PX) panel.style.right = `${left - EDGE_PX}px`;
    };
    place();
    window.addEventListener("resize", place);
    return () => window.removeEventListener("resize", place);
  }, [ref, open]);
}
