"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { controlBorder } from "@/components/ui/field-shell";
import { safeLinkHref } from "@/lib/rich-text/safe-link";

type Props = {
  open: boolean;
  /** The address of the link at the cursor, or ''. */
  initialHref: string;
  /** The cursor is in a link: offer to remove it. */
  hasLink: boolean;
  onSave: (href: string) => void;
  onRemove: () => void;
  onCancel: () => void;
};

/**
 * Asks for a link's address in a native modal <dialog> (focus trapped, Escape closes,
 * focus goes back to the toolbar's button). Only http(s), mailto and tel are taken; anything
 * else (javascript:, data: …) is refused with a message and nothing changes in the text.
 * No <form> of its own: the editor sits inside the page's form, and forms do not nest.
 */
export function LinkDialog({ open, initialHref, hasLink, onSave, onRemove, onCancel }: Props) {
  const t = useTranslations("richText.linkDialog");
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [href, setHref] = useState(initialHref);
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setHref(initialHref);
      setError(undefined);
      // jsdom has no showModal; every browser we support has.
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    }
    if (!open && dialog.open) {
      if (typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
    }
  }, [open, initialHref]);

  const save = () => {
    const safe = safeLinkHref(href);
    if (safe === null) {
      setError(t("invalid"));
      return;
    }
    onSave(safe);
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-shape-lg border-2 border-neutral-700 bg-white p-6 text-neutral-900 backdrop:bg-neutral-900/60"
    >
      <h2 id={titleId} className="font-bold text-xl">
        {t("title")}
      </h2>
      <div className="mt-4 flex flex-col gap-1">
        <label htmlFor={inputId} className="font-medium">
          {t("address")}
        </label>
        <p id={hintId} className="text-sm text-neutral-700">
          {t("hint")}
        </p>
        <input
          id={inputId}
          type="text"
          inputMode="url"
          autoComplete="url"
          autoFocus
          value={href}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          onChange={(event) => setHref(event.target.value)}
          onKeyDown={(event) => {
            // Enter takes the address; it must not submit the page's form around the editor.
            if (event.key === "Enter") {
              event.preventDefault();
              save();
            }
          }}
          className={`rounded-shape border-2 bg-white px-3 py-2 text-base ${controlBorder(error)}`}
        />
        {error ? (
          <p id={errorId} className="text-sm font-medium text-danger-700">
            {error}
          </p>
        ) : null}
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="outline" size="sm" onClick={onCancel}>
          {t("cancel")}
        </Button>
        {hasLink ? (
          <Button variant="outline" size="sm" onClick={onRemove}>
            {t("remove")}
          </Button>
        ) : null}
        <Button size="sm" onClick={save}>
          {t("save")}
        </Button>
      </div>
    </dialog>
  );
}
