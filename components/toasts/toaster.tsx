"use client";

import { useSyncExternalStore } from "react";
import type { ToastStore } from "@/lib/toasts/toast-store";
import type { ToastPosition } from "@/lib/toasts/toast-types";
import { TOAST_MAX_WIDTH, ToastItem } from "./toast-item";

// spec §9: six positions. The stack is anchored to that edge; each toast is as wide as its
// text needs, between 20rem and TOAST_MAX_WIDTH (full width on narrow screens).
const anchors: Record<ToastPosition, string> = {
  "top-left": "top-0 left-0",
  "top-center": "top-0 left-1/2 -translate-x-1/2",
  "top-right": "top-0 right-0",
  "bottom-left": "bottom-0 left-0",
  "bottom-center": "bottom-0 left-1/2 -translate-x-1/2",
  "bottom-right": "bottom-0 right-0",
};
const alignments: Record<ToastPosition, string> = {
  "top-left": "items-start",
  "top-center": "items-center",
  "top-right": "items-end",
  "bottom-left": "items-start",
  "bottom-center": "items-center",
  "bottom-right": "items-end",
};

/**
 * The stack of toasts (spec §3, §4, §8, §9). Two live regions are always in the page, so a
 * screen reader already watches them when a toast is inserted: danger toasts go into the
 * assertive one, all others into the polite one (spec §8). Each region lists its toasts
 * oldest first, the assertive one above the polite one, so errors sit together and are
 * read in the order they came. The wrapper lets clicks through where there is no toast.
 */
export function Toaster({ store, position }: { store: ToastStore; position: ToastPosition }) {
  const { toasts } = useSyncExternalStore(
    store.subscribe,
    store.getSnapshot,
    store.getServerSnapshot,
  );
  const region = `flex shrink-0 flex-col gap-3 ${alignments[position]}`;
  const items = (danger: boolean) =>
    toasts
      .filter((toast) => (toast.color === "danger") === danger)
      .map((toast) => <ToastItem key={toast.id} toast={toast} store={store} />);

  return (
    <div
      data-toaster=""
      data-position={position}
      // Room for the padding on both sides of a toast of the maximum width.
      style={{ maxWidth: `calc(${TOAST_MAX_WIDTH} + 2rem)` }}
      // Many toasts scroll inside the stack rather than run off the screen.
      className={`pointer-events-none fixed z-50 flex max-h-dvh w-full flex-col overflow-y-auto p-4 ${anchors[position]}`}
    >
      <div aria-live="assertive" className={`${region} not-empty:mb-3`}>
        {items(true)}
      </div>
      <div aria-live="polite" className={region}>
        {items(false)}
      </div>
    </div>
  );
}
