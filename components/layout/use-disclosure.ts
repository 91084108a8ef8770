"use client";
import { type FocusEvent, useCallback, useEffect, useId, useRef, useState } from "react";

/**
 * A disclosure (APG: button + panel) for the toolbar's menus. The button toggles;
 * Escape closes and puts focus back on the button; a click outside or focus moving
 * elsewhere closes without moving focus. Opening leaves focus on the button: the
 * panel's links and controls come next in the tab order.
 */
export function useDisclosure<TContainer extends HTMLElement = HTMLElement>() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const containerRef = useRef<TContainer>(null);
  const panelId = useId();

  const close = useCallback((returnFocus = false) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      close(true);
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) close();
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open, close]);

  return {
    open,
    close,
    panelId,
    buttonRef,
    containerRef,
    buttonProps: {
      ref: buttonRef,
      type: "button" as const,
      "aria-expanded": open,
      "aria-controls": panelId,
      onClick: () => setOpen((value) => !value),
    },
    containerProps: {
      ref: containerRef,
      // Tabbing out of the menu closes it (relatedTarget is null for a click on nothing focusable;
      // the pointerdown listener handles that).
      onBlur: (event: FocusEvent) => {
        const next = event.relatedTarget as Node | null;
        if (next && !containerRef.current?.contains(next)) setOpen(false);
      },
    },
  };
}
