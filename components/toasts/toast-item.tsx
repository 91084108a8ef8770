"use client";

import { useTranslations } from "next-intl";
import { type FocusEvent, type KeyboardEvent, useId, useRef } from "react";
import type { ToastStore } from "@/lib/toasts/toast-store";
import type { Toast, ToastColor } from "@/lib/toasts/toast-types";
import { CloseIcon, ToastIcon } from "./toast-icons";
import { TOAST_TEXT, TOAST_TONES } from "./toast-tones";

/** spec §9: maximum width about 36rem. */
export const TOAST_MAX_WIDTH = "36rem";

/** The next toast to focus when this one closes while focused: the one after it, else before. */
function neighbourToast(element: HTMLElement): HTMLElement | null {
  const toaster = element.closest("[data-toaster]");
  if (!toaster) return null;
  const all = [...toaster.querySelectorAll<HTMLElement>("[data-toast]")];
  const index = all.indexOf(element);
  return all[index + 1] ?? all[index - 1] ?? null;
}

/**
 * One toast. Its timer stands still while the pointer is over it or focus is inside it
 * (spec §4), and runs on with the time it had left only when both have left. Focusable
 * itself, so keyboard users can pause a toast that has no close button; Escape closes
 * a closable one.
 */
export function ToastItem({ toast, store }: { toast: Toast; store: ToastStore }) {
  const t = useTranslations("toasts");
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const hovered = useRef(false);
  const focused = useRef(false);
  const tone = TOAST_TONES[toast.color];
  const timed = toast.duration > 0 && Number.isFinite(toast.duration);

  // spec §8: labels Success, Error, Warning, Information or Notification.
  const labels: Record<ToastColor, string> = {
    success: t("labels.success"),
    danger: t("labels.danger"),
    warning: t("labels.warning"),
    info: t("labels.info"),
    primary: t("labels.notification"),
    muted: t("labels.notification"),
  };

  const holdOrRun = () => {
    if (hovered.current || focused.current) store.pause(toast.id);
    else store.resume(toast.id);
  };

  const close = () => {
    const root = rootRef.current;
    // Focus inside a toast that disappears would fall back to <body>: hand it on.
    const next = root?.contains(document.activeElement) ? neighbourToast(root) : null;
    store.remove(toast.id);
    next?.focus();
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    // Moving between the toast and its close button is not leaving.
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    focused.current = false;
    holdOrRun();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Escape" || !toast.closable) return;
    event.stopPropagation();
    close();
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a group named by its title; a toast holds no form controls for a <fieldset>
    <div
      ref={rootRef}
      role="group"
      aria-labelledby={`${id}-title`}
      aria-describedby={toast.message ? `${id}-message` : undefined}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: focus pauses the timer (spec §4), also of a toast without a close button
      tabIndex={0}
      data-toast=""
      data-toast-id={toast.id}
      data-color={toast.color}
      data-paused={toast.paused ? "true" : undefined}
      onMouseEnter={() => {
        hovered.current = true;
        holdOrRun();
      }}
      onMouseLeave={() => {
        hovered.current = false;
        holdOrRun();
      }}
      onFocus={() => {
        focused.current = true;
        holdOrRun();
      }}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
      style={{ maxWidth: TOAST_MAX_WIDTH }}
      className={`pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-shape-lg border border-neutral-300 py-4 pr-4 pl-6 shadow-lg sm:w-auto sm:min-w-80 motion-safe:transition-[opacity,translate] motion-safe:duration-200 motion-safe:starting:translate-y-2 motion-safe:starting:opacity-0 ${tone.surface}`}
    >
      <span aria-hidden="true" className={`absolute inset-y-0 left-0 w-2 ${tone.stripe}`} />
      <ToastIcon name={toast.icon} className={`mt-0.5 shrink-0 text-xl ${tone.icon}`} />
      <div className="min-w-0 flex-1">
        <p id={`${id}-title`} className={`font-semibold ${TOAST_TEXT.title}`}>
          {/* Read first, so the announcement starts with what kind of message this is. */}
          <span className="sr-only">{`${labels[toast.color]}:`}</span> {toast.title}
        </p>
        {toast.message ? (
          <p id={`${id}-message`} className={`mt-1 ${TOAST_TEXT.message}`}>
            {toast.message}
          </p>
        ) : null}
      </div>
      {toast.closable ? (
        <button
          type="button"
          aria-label={t("close")}
          onClick={close}
          className={`-m-1.5 shrink-0 rounded-full p-1.5 text-xl ${TOAST_TEXT.close} hover:bg-neutral-900/10 hover:text-neutral-900`}
        >
          <CloseIcon />
        </button>
      ) : null}
      {timed ? (
        // Decorative: the remaining time, shrinking. Not a progressbar role, whose value
        // changing every 16 ms some screen readers would read out. Hidden for people who
        // asked for less motion.
        <div
          aria-hidden="true"
          data-toast-progress=""
          className="absolute inset-x-0 bottom-0 h-1 motion-reduce:hidden"
        >
          <div
            className={`h-full origin-left ${tone.bar}`}
            style={{ transform: `scaleX(${1 - toast.progress})` }}
          />
        </div>
      ) : null}
    </div>
  );
}
