"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { SelectField } from "@/components/ui/select-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { TextareaField } from "@/components/ui/textarea-field";
import { api } from "@/lib/api";
import { HELP_POST_CATEGORIES, HELP_POST_KINDS } from "@/lib/contract/help-posts";
import { useApiForm } from "@/lib/forms/use-api-form";
import { createHelpPost, helpPostKeys } from "@/lib/peer-help/help-post-api";
import { helpPostSchema } from "@/lib/peer-help/help-post-form";
import { categoryLabel, kindLabel } from "./labels";

/** A new request or offer. The place is asked as a town or postcode; only the town is shown. */
export function HelpPostForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const t = useTranslations("peerHelp.board");
  const root = useTranslations();
  const labels = {
    kind: t("kind"),
    category: t("category"),
    title: t("title"),
    body: t("body"),
    timing: t("when"),
    place: t("place"),
  };
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: helpPostSchema,
    defaultValues: {
      kind: "request",
      category: "other",
      title: "",
      body: "",
      timing: "",
      place: "",
    },
    fieldLabels: labels,
    submit: (values) => createHelpPost(api, values),
    invalidates: [helpPostKeys.all],
    success: () => t("posted"),
    fieldMessage: (field, error) =>
      field === "place" && error.code === "unknown_place" ? t("unknownPlace") : t("invalid"),
    failureTitle: t("postFailed"),
    onSuccess: () => onDone(),
  });
  useEffect(() => form.setFocus("kind"), [form]);
  return (
    <form
      {...formProps}
      aria-label={t("formLabel")}
      className="flex flex-col gap-4 rounded-shape-lg border border-neutral-300 bg-white p-4"
    >
      <FormError title={failure?.title}>{failure?.description}</FormError>
      <SelectField
        label={labels.kind}
        required
        error={message("kind")}
        options={HELP_POST_KINDS.map((kind) => ({ value: kind, label: kindLabel(root, kind) }))}
        {...form.register("kind")}
      />
      <SelectField
        label={labels.category}
        required
        error={message("category")}
        options={HELP_POST_CATEGORIES.map((c) => ({ value: c, label: categoryLabel(root, c) }))}
        {...form.register("category")}
      />
      <TextField
        label={labels.title}
        required
        error={message("title")}
        {...form.register("title")}
      />
      <TextareaField
        label={labels.body}
        rows={5}
        error={message("body")}
        {...form.register("body")}
      />
      <TextField
        label={labels.timing}
        hint={t("whenHint")}
        error={message("timing")}
        {...form.register("timing")}
      />
      <TextField
        label={labels.place}
        hint={t("placeHint")}
        required
        autoComplete="postal-code"
        error={message("place")}
        {...form.register("place")}
      />
      <div className="flex flex-wrap gap-3">
        <SubmitButton pending={pending} pendingLabel={t("working")}>
          {t("post")}
        </SubmitButton>
        <Button variant="outline" onClick={onCancel}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}
