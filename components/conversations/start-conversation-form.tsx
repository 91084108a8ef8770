"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { TextareaField } from "@/components/ui/textarea-field";
import { api } from "@/lib/api";
import { isApiError } from "@/lib/api/errors";
import { CONVERSATION_LIMITS } from "@/lib/contract/conversations";
import { startConversation } from "@/lib/conversations/conversation-api";
import { conversationKeys } from "@/lib/conversations/conversation-keys";
import {
  startConversationSchema,
  volunteerRefused,
} from "@/lib/conversations/start-conversation-form";
import { useApiForm } from "@/lib/forms/use-api-form";

type Props = {
  volunteer: { id: string; name: string };
  onCancel: () => void;
};

/**
 * A centre's staff start a direct thread with a volunteer: a subject and the first message,
 * through useApiForm (POST /api/v1/conversations). On success the new thread opens on
 * /conversations, where it is read and answered like any other.
 */
export function StartConversationForm({ volunteer, onCancel }: Props) {
  const t = useTranslations();
  const router = useRouter();
  const [leaving, setLeaving] = useState(false);
  const labels = {
    subject: t("conversations.start.subject"),
    body: t("conversations.start.body"),
  };
  const limits = { subject: CONVERSATION_LIMITS.subject, body: CONVERSATION_LIMITS.message };
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: startConversationSchema,
    defaultValues: { subject: "", body: "" },
    fieldLabels: labels,
    submit: (values) => startConversation(api, { volunteerId: volunteer.id, ...values }),
    // The new thread heads the author's list; their unread count does not change.
    invalidates: [conversationKeys.lists()],
    success: () => t("conversations.start.sent", { name: volunteer.name }),
    onSuccess: (conversation) => {
      setLeaving(true);
      router.push(`/conversations?id=${encodeURIComponent(conversation.id)}`);
    },
    fieldMessage: (field, error) => {
      const max = String(field === "subject" ? limits.subject : limits.body);
      if (field === "subject")
        return error.code === "too_long"
          ? t("conversations.start.subjectTooLong", { max })
          : t("conversations.start.subjectEmpty");
      return error.code === "too_long"
        ? t("conversations.start.bodyTooLong", { max })
        : t("conversations.start.bodyEmpty");
    },
    describeFailure: (error) => {
      if (!isApiError(error)) return undefined;
      if (error.statusCode === 403)
        return {
          title: t("conversations.start.failed"),
          description: t("conversations.start.forbidden"),
        };
      if (volunteerRefused(error))
        return {
          title: t("conversations.start.failed"),
          description: t("conversations.start.volunteerRefused", { name: volunteer.name }),
        };
      return undefined;
    },
    failureTitle: t("conversations.start.failed"),
  });

  useEffect(() => form.setFocus("subject"), [form]);

  const subjectLength = (form.watch("subject") ?? "").length;
  const bodyLength = (form.watch("body") ?? "").length;
  return (
    <form
      {...formProps}
      aria-label={t("conversations.start.formLabel", { name: volunteer.name })}
      className="flex max-w-2xl flex-col gap-4"
    >
      <FormError title={failure?.title}>{failure?.description}</FormError>
      <TextField
        label={labels.subject}
        autoComplete="off"
        required
        error={message("subject")}
        hint={t("conversations.start.subjectCounter", {
          count: subjectLength,
          max: limits.subject,
        })}
        {...form.register("subject")}
      />
      <TextareaField
        label={labels.body}
        rows={6}
        required
        error={message("body")}
        hint={t("conversations.start.bodyCounter", { count: bodyLength, max: limits.body })}
        {...form.register("body")}
      />
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pending={pending || leaving} pendingLabel={t("conversations.start.sending")}>
          {t("conversations.start.submit")}
        </SubmitButton>
        <Button variant="outline" onClick={onCancel}>
          {t("conversations.start.cancel")}
        </Button>
      </div>
    </form>
  );
}
