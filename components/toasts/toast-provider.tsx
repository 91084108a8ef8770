"use client";

import { type ReactNode, useMemo, useState } from "react";
import { ToastContext, type ToastContextValue } from "@/lib/toasts/toast-context";
import { type ToastStore, toastStore } from "@/lib/toasts/toast-store";
import type { ToastPosition } from "@/lib/toasts/toast-types";
import { Toaster } from "./toaster";

/** spec §9: default position bottom-right. */
export const DEFAULT_TOAST_POSITION: ToastPosition = "bottom-right";

type Props = {
  children: ReactNode;
  /** Where the stack starts; useToast().setPosition moves it later. */
  position?: ToastPosition;
  /** The browser's store by default; tests pass their own. */
  store?: ToastStore;
};

/**
 * Gives the page useToast() (lib/toasts/use-toast.ts) and renders the toaster after it,
 * so its live regions are in the DOM from the first render (spec §8). The root layout
 * renders one around every page.
 */
export function ToastProvider({
  children,
  position: initialPosition = DEFAULT_TOAST_POSITION,
  store = toastStore,
}: Props) {
  const [position, setPosition] = useState<ToastPosition>(initialPosition);
  const value = useMemo<ToastContextValue>(
    () => ({ store, position, setPosition }),
    [store, position],
  );
  return (
    <ToastContext value={value}>
      {children}
      <Toaster store={store} position={position} />
    </ToastContext>
  );
}
