"use client";
import { createContext } from "react";
import type { ToastStore } from "./toast-store";
import type { ToastPosition } from "./toast-types";

export interface ToastContextValue {
  store: ToastStore;
  /** Where the provider's toaster shows the stack (spec §9). */
  position: ToastPosition;
  setPosition: (position: ToastPosition) => void;
}

/** Set by components/toasts/toast-provider.tsx; null outside it. */
export const ToastContext = createContext<ToastContextValue | null>(null);
