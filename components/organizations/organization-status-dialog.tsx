"use client";

import { useTranslations } from "next-intl";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import {
  useChangeOrganizationStatus,
  useDeleteOrganization,
} from "@/lib/organizations/use-organization-mutations";
import type { TPendingAction } from "./organization-row-actions";

type Props = { pending: TPendingAction | null; onDone: () => void };

/** Asks before archiving, reactivating or deleting an organization, then does it. */
export function OrganizationStatusDialog({ pending, onDone }: Props) {
  const t = useTranslations("organizationAdmin.confirm");
  const tCommon = useTranslations("common");
  const status = useChangeOrganizationStatus(onDone);
  const remove = useDeleteOrganization(onDone);
  const busy = status.isPending || remove.isPending;
  if (!pending)
    return (
      <ConfirmDialog open={false} title="" confirmLabel="" onConfirm={onDone} onCancel={onDone} />
    );
  const { kind, organization } = pending;
  const name = organization.name;
  const confirm = () => {
    if (kind === "delete") remove.mutate(organization);
    else status.mutate({ organization, status: kind === "archive" ? "archived" : "approved" });
  };
  let title = t("deleteTitle", { name });
  let body = t("deleteBody");
  let label = t("deleteConfirm");
  if (kind === "archive") {
    title = t("archiveTitle", { name });
    body = t("archiveBody");
    label = t("archiveConfirm");
  } else if (kind === "reactivate") {
    title = t("reactivateTitle", { name });
    body = t("reactivateBody");
    label = t("reactivateConfirm");
  }
  return (
    <ConfirmDialog
      open
      title={title}
      confirmLabel={label}
      pending={busy}
      pendingLabel={tCommon("busy")}
      tone={kind === "reactivate" ? "neutral" : "danger"}
      onConfirm={confirm}
      onCancel={onDone}
    >
      <p>{body}</p>
    </ConfirmDialog>
  );
}
