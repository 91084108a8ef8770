"use client";

import { useTranslations } from "next-intl";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { api } from "@/lib/api";
import { useApiMutation } from "@/lib/api/use-api-mutation";
import { deleteSubmission, type TFormSubmission } from "@/lib/form-builder/form-builder-api";
import { formBuilderKeys } from "@/lib/form-builder/form-builder-keys";

/** Asks before deleting a submission: its answers are gone for good. */
export function DeleteSubmissionDialog({
  formId,
  submission,
  onDone,
  onDeleted,
}: {
  formId: string;
  submission: TFormSubmission | null;
  onDone: () => void;
  onDeleted?: () => void;
}) {
  const t = useTranslations("formBuilder.submissions");
  const tCommon = useTranslations("common");
  const remove = useApiMutation({
    mutationFn: (target: TFormSubmission) => deleteSubmission(api, formId, target.id),
    // The form's counts, its versions' and its submissions are all under its detail key.
    invalidates: [formBuilderKeys.detail(formId), formBuilderKeys.lists()],
    audited: true,
    success: () => t("deleted"),
    failure: () => t("deleteFailed"),
    onSuccess: () => {
      onDone();
      onDeleted?.();
    },
  });
  return (
    <ConfirmDialog
      open={submission !== null}
      title={t("confirmDeleteTitle")}
      confirmLabel={t("confirmDelete")}
      tone="danger"
      pending={remove.isPending}
      pendingLabel={tCommon("busy")}
      onConfirm={() => {
        if (submission && !remove.isPending) remove.mutate(submission);
      }}
      onCancel={onDone}
    >
      <p>{t("confirmDeleteBody")}</p>
    </ConfirmDialog>
  );
}
