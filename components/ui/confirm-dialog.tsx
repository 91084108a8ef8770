"use client";

import { useTranslations } from "next-intl";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { Button } from "./button";

type Props = {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  /** While the action runs: the confirm button says so and both buttons wait. */
  pending?: boolean;
  pendingLabel?: string;
  /** "danger" for what cannot be undone (delete, archive): a red confirm button. */
  tone?: "danger" | "neutral";
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * Asks before a destructive action (required: "confirmation dialogs for destructive
 * actions"). A native modal <dialog>: the browser traps focus inside, makes the rest of
 * the page inert, closes on Escape, and gives focus back to the button that opened it.
 * Focus starts on Cancel, so a stray Enter never deletes anything.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pending = false,
  pendingLabel,
  tone = "danger",
  onConfirm,
  onCancel,
}: Props) {
  const t = useTranslations("common");
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      onCancel={(event) => {
        // Escape: close through the parent's state, not behind its back.
        event.preventDefault();
        if (!pending) onCancel();
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-shape-lg border-2 border-neutral-700 bg-white p-6 text-neutral-900 backdrop:bg-neutral-900/60"
    >
      <h2 id={titleId} className="font-bold text-xl">
        {title}
      </h2>
      {children ? (
        <div id={bodyId} className="mt-3 flex flex-col gap-2">
          {children}
        </div>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="outline" size="sm" autoFocus onClick={onCancel} aria-disabled={pending}>
          {t("cancel")}
        </Button>
        <Button
          size="sm"
          aria-disabled={pending}
          className={tone === "danger" ? "bg-danger-700 hover:bg-danger-800" : ""}
          onClick={() => {
            if (!pending) onConfirm();
          }}
        >
          {pending ? (pendingLabel ?? confirmLabel) : confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
