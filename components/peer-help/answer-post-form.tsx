"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { TextareaField } from "@/components/ui/textarea-field";
import { api } from "@/lib/api";
import { messageSchema } from "@/lib/conversations/message-form";
import { useApiForm } from "@/lib/forms/use-api-form";
import { answerHelpPost, helpPostKeys } from "@/lib/peer-help/help-post-api";
import type { THelpPost } from "@/lib/peer-help/help-post-types";
import { DisclosedForm } from "./disclosed-form";

const threadHref = (id: number | string) => `/conversations?id=${encodeURIComponent(id)}`;

/**
 * "Reageren" on someone else's live post: the first message of a conversation with its
 * poster, after which the way to that conversation. The conversation is where the two go
 * on; the post never shows who answered.
 */
export function AnswerPostForm({ post }: { post: THelpPost }) {
  const t = useTranslations("peerHelp.board");
  const [open, setOpen] = useState(false);
  const label = t("answerLabel");
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: messageSchema,
    defaultValues: { body: "" },
    fieldLabels: { body: label },
    submit: (values) => answerHelpPost(api, post.id, values.body),
    invalidates: [helpPostKeys.all],
    success: () => t("answered"),
    failureTitle: t("answerFailed"),
    onSuccess: () => setOpen(false),
  });
  if (post.myConversationId !== null) {
    return (
      <p>
        <a href={threadHref(post.myConversationId)} className="inline-block py-2 font-semibold">
          {t("toConversation")}
        </a>
      </p>
    );
  }
  return (
    <DisclosedForm
      open={open}
      onOpenChange={setOpen}
      openLabel={t("answer")}
      formLabel={t("answerFormLabel", { title: post.title })}
      formProps={formProps}
      failure={failure}
      submitLabel={t("send")}
      pending={pending}
    >
      <TextareaField
        label={label}
        hint={t("answerHint", { name: post.posterFirstName ?? t("someone") })}
        rows={4}
        required
        error={message("body")}
        {...form.register("body")}
      />
    </DisclosedForm>
  );
}
