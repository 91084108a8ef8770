"use client";

import { useTranslations } from "next-intl";
import type { ComponentProps, ReactNode } from "react";
import { Button } from "@/components/ui/button";
import type { TButtonStyle } from "@/components/ui/button-class";
import { FormError } from "@/components/ui/form-error";
import { SubmitButton } from "@/components/ui/submit-button";
import type { TFormFailure } from "@/lib/forms/use-api-form";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the form, and how it looks. */
  openLabel: string;
  openVariant?: TButtonStyle["variant"];
  /** The form's accessible name: which post it acts on. */
  formLabel: string;
  formProps: ComponentProps<"form">;
  failure: TFormFailure | null;
  submitLabel: string;
  pending: boolean;
  /** The form's fields. */
  children: ReactNode;
};

/**
 * A post's action that needs a few words (an answer, a reason): a button until chosen, then
 * a small form with the words, send and cancel. The caller owns the form (useApiForm).
 */
export function DisclosedForm({
  open,
  onOpenChange,
  openLabel,
  openVariant,
  formLabel,
  formProps,
  failure,
  submitLabel,
  pending,
  children,
}: Props) {
  const t = useTranslations("peerHelp.board");
  if (!open) {
    return (
      <div>
        <Button variant={openVariant} onClick={() => onOpenChange(true)}>
          {openLabel}
        </Button>
      </div>
    );
  }
  return (
    <form {...formProps} aria-label={formLabel} className="flex flex-col gap-3">
      <FormError title={failure?.title}>{failure?.description}</FormError>
      {children}
      <div className="flex flex-wrap gap-3">
        <SubmitButton pending={pending} pendingLabel={t("working")}>
          {submitLabel}
        </SubmitButton>
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}
