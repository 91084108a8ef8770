"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextareaField } from "@/components/ui/textarea-field";
import { api } from "@/lib/api";
import { useApiForm } from "@/lib/forms/use-api-form";
import { helpPostKeys, transitionHelpPost } from "@/lib/peer-help/help-post-api";
import { hidePostSchema } from "@/lib/peer-help/help-post-form";
import type { THelpPost } from "@/lib/peer-help/help-post-types";

/** A centre admin hides a post with a reason, which is mailed to its poster. */
export function HidePostForm({ post }: { post: THelpPost }) {
  const t = useTranslations("peerHelp.board");
  const [open, setOpen] = useState(false);
  const label = t("hideReason");
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: hidePostSchema,
    defaultValues: { reason: "" },
    fieldLabels: { reason: label },
    submit: (values) => transitionHelpPost(api, post.id, "hide", values.reason),
    invalidates: [helpPostKeys.all],
    success: () => t("done.hide"),
    failureTitle: t("actionFailed"),
    onSuccess: () => setOpen(false),
  });
  if (!open) {
    return (
      <div>
        <Button variant="outline" onClick={() => setOpen(true)}>
          {t("actions.hide")}
        </Button>
      </div>
    );
  }
  return (
    <form
      {...formProps}
      aria-label={t("hideFormLabel", { title: post.title })}
      className="flex flex-col gap-3"
    >
      <FormError title={failure?.title}>{failure?.description}</FormError>
      <TextareaField
        label={label}
        hint={t("hideReasonHint")}
        rows={3}
        required
        error={message("reason")}
        {...form.register("reason")}
      />
      <div className="flex flex-wrap gap-3">
        <SubmitButton pending={pending} pendingLabel={t("working")}>
          {t("actions.hide")}
        </SubmitButton>
        <Button variant="outline" onClick={() => setOpen(false)}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}
