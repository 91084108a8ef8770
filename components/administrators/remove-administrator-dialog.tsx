"use client";

import { useTranslations } from "next-intl";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import {
  type TCentreAdminChange,
  useRemoveCentreAdmin,
} from "@/lib/administrators/use-administrator-mutations";
import { userDisplayName } from "@/lib/users/user-types";

type Props = { pending: TCentreAdminChange | null; onDone: () => void };

/** Asks before taking the admin role on one centre away (that role only), then does it. */
export function RemoveAdministratorDialog({ pending, onDone }: Props) {
  const t = useTranslations("administrators.remove");
  const tCommon = useTranslations("common");
  const remove = useRemoveCentreAdmin(onDone);
  const name = pending ? userDisplayName(pending.user) : "";
  const centre = pending?.centre.name ?? "";
  return (
    <ConfirmDialog
      open={pending !== null}
      title={t("confirmTitle", { name, centre })}
      confirmLabel={t("confirm")}
      pending={remove.isPending}
      pendingLabel={tCommon("busy")}
      onConfirm={() => {
        if (pending) remove.mutate(pending);
      }}
      onCancel={onDone}
    >
      <p>{t("confirmBody", { name, centre })}</p>
    </ConfirmDialog>
  );
}
