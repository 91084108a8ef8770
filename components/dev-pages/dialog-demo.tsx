"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { LinkDialog } from "@/components/rich-text/link-dialog";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

type TOpen = "danger" | "neutral" | "link" | null;

/**
 * The product's dialogs as they are: the confirmation (both tones) and the rich-text link
 * dialog. Each is a native modal <dialog>: focus is trapped, Escape closes it, and focus
 * returns to the button that opened it. The last outcome is announced in a status line.
 */
export function DialogDemo() {
  const t = useTranslations("devPages.modal");
  const [open, setOpen] = useState<TOpen>(null);
  const [outcome, setOutcome] = useState("");
  const close = (text: string) => {
    setOpen(null);
    setOutcome(text);
  };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => setOpen("danger")}>{t("openDanger")}</Button>
        <Button variant="outline" onClick={() => setOpen("neutral")}>
          {t("openNeutral")}
        </Button>
        <Button variant="outline" onClick={() => setOpen("link")}>
          {t("openLink")}
        </Button>
      </div>
      <p role="status" className="text-neutral-700">
        {outcome}
      </p>
      <ConfirmDialog
        open={open === "danger"}
        title={t("dangerTitle")}
        confirmLabel={t("dangerConfirm")}
        onConfirm={() => close(t("confirmed"))}
        onCancel={() => close(t("cancelled"))}
      >
        {t("dangerBody")}
      </ConfirmDialog>
      <ConfirmDialog
        open={open === "neutral"}
        tone="neutral"
        title={t("neutralTitle")}
        confirmLabel={t("neutralConfirm")}
        onConfirm={() => close(t("confirmed"))}
        onCancel={() => close(t("cancelled"))}
      />
      <LinkDialog
        open={open === "link"}
        initialHref=""
        hasLink={false}
        onSave={(href) => close(t("linkSaved", { href }))}
        onRemove={() => close(t("cancelled"))}
        onCancel={() => close(t("cancelled"))}
      />
    </div>
  );
}
