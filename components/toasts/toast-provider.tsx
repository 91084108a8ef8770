"use client";
import type { ReactNode } from "react";

// Placeholder until the toast work lands (owned by the toasts helper).
export function ToastProvider({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
