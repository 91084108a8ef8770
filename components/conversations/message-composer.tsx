"use client";

import { useTranslations } from "next-intl";
import { FormError } from "@/components/ui/form-error";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextareaField } from "@/components/ui/textarea-field";
import { api } from "@/lib/api";
import { CONVERSATION_LIMITS } from "@/lib/contract/conversations";
import { sendMessage } from "@/lib/conversations/conversation-api";
import { conversationKeys } from "@/lib/conversations/conversation-keys";
import { messageSchema } from "@/lib/conversations/message-form";
import { useApiForm } from "@/lib/forms/use-api-form";

type Props = {
  conversationId: string;
  /** After the api took the message: the thread says so in its status region. */
  onSent: () => void;
};

/**
 * Writing a message: a labelled textarea (Enter is a new line, as in any textarea; the button
 * sends), a counter up to CONVERSATION_LIMITS.message, sent through useApiForm. The thread and
 * the lists are refetched, so the message shows at once; the field is emptied and keeps focus
 * for the next one.
 */
export function MessageComposer({ conversationId, onSent }: Props) {
  const t = useTranslations();
  const max = CONVERSATION_LIMITS.message;
  const label = t("conversations.composer.label");
  const tooLong = t("conversations.composer.tooLong", { max: String(max) });
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: messageSchema,
    defaultValues: { body: "" },
    fieldLabels: { body: label },
    submit: (values) => sendMessage(api, conversationId, values.body),
    invalidates: [
      conversationKeys.detail(conversationId),
      conversationKeys.lists(),
      conversationKeys.unread(),
    ],
    onSuccess: () => {
      form.reset({ body: "" });
      form.setFocus("body");
      onSent();
    },
    fieldMessage: (_field, error) =>
      error.code === "too_long" ? tooLong : t("conversations.composer.empty"),
    failureTitle: t("conversations.composer.failed"),
  });
  const length = (form.watch("body") ?? "").length;

  return (
    <form
      {...formProps}
      aria-label={t("conversations.composer.formLabel")}
      className="flex flex-col gap-3"
    >
      <FormError title={failure?.title}>{failure?.description}</FormError>
      <TextareaField
        label={label}
        rows={4}
        error={message("body")}
        hint={t("conversations.composer.counter", { count: length, max })}
        {...form.register("body")}
      />
      <div>
        <SubmitButton pending={pending} pendingLabel={t("conversations.composer.sending")}>
          {t("conversations.composer.send")}
        </SubmitButton>
      </div>
    </form>
  );
}
