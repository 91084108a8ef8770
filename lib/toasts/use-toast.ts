"use client";
import { useContext, useMemo } from "react";
import { ToastContext } from "./toast-context";
import type { ToastInput, ToastPosition } from "./toast-types";

/** What a shortcut takes besides the title: everything but the colour. */
export type ToastOptions = Omit<ToastInput, "title" | "color">;
type Shortcut = (title: string, options?: ToastOptions) => string;

export interface ToastApi {
  /** Any colour; returns the id. */
  add: (input: ToastInput) => string;
  primary: Shortcut;
  success: Shortcut;
  /** Announced assertively (spec §8): keep it for what needs attention now. */
  danger: Shortcut;
  warning: Shortcut;
  info: Shortcut;
  muted: Shortcut;
  /** Closes a toast early, e.g. when what it reported is no longer true. */
  remove: (id: string) => void;
  clear: () => void;
}

export interface UseToast {
  toast: ToastApi;
  position: ToastPosition;
  /** Moves the whole stack (the provider's toaster) to one of the six positions. */
  setPosition: (position: ToastPosition) => void;
}

/**
 * Shows toasts (spec §3, §4) from any client component under ToastProvider (the root
 * layout renders one around every page):
 *
 *   const { toast } = useToast();
 *   toast.success(t("saved.title"), { message: t("saved.message") });
 *   toast.danger(t("failed"), { duration: 0 }); // stays until closed
 *   const id = toast.info(t("syncing"), { closable: false }); toast.remove(id);
 *
 * Titles and messages are texts already in the active language. Defaults: 5000 ms,
 * closable, the colour's icon. `toast` is stable across renders, so it can sit in an
 * effect's dependencies.
 */
export function useToast(): UseToast {
  const context = useContext(ToastContext);
  if (!context) throw new Error("useToast needs a ToastProvider above it");
  const { store, position, setPosition } = context;

  const toast = useMemo<ToastApi>(() => {
    const shortcut =
      (color: ToastInput["color"]): Shortcut =>
      (title, options) =>
        store.add({ ...options, title, color });
    return {
      add: store.add,
      primary: shortcut("primary"),
      success: shortcut("success"),
      danger: shortcut("danger"),
      warning: shortcut("warning"),
      info: shortcut("info"),
      muted: shortcut("muted"),
      remove: (id) => {
        store.remove(id);
      },
      clear: store.clear,
    };
  }, [store]);

  return { toast, position, setPosition };
}
