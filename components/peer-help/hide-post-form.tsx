"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { TextareaField } from "@/components/ui/textarea-field";
import { api } from "@/lib/api";
import { useApiForm } from "@/lib/forms/use-api-form";
import { helpPostKeys, transitionHelpPost } from "@/lib/peer-help/help-post-api";
import { hidePostSchema } from "@/lib/peer-help/help-post-form";
import type { THelpPost } from "@/lib/peer-help/help-post-types";
import { DisclosedForm } from "./disclosed-form";

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
  return (
    <DisclosedForm
      open={open}
      onOpenChange={setOpen}
      openLabel={t("actions.hide")}
      openVariant="outline"
      formLabel={t("hideFormLabel", { title: post.title })}
      formProps={formProps}
      failure={failure}
      submitLabel={t("actions.hide")}
      pending={pending}
    >
      <TextareaField
        label={label}
        hint={t("hideReasonHint")}
        rows={3}
        required
        error={message("reason")}
        {...form.register("reason")}
      />
    </DisclosedForm>
  );
}
