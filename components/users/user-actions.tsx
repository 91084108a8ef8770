"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { SignInAsButton } from "@/components/impersonation/sign-in-as-button";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { Role } from "@/lib/auth/auth-state";
import {
  useArchiveUser,
  useChangeUserStatus,
  useResendInstructions,
} from "@/lib/users/use-user-mutations";
import {
  mayChangeStatus,
  mayResend,
  maySignInAs,
  statusActions,
  type TStatusAction,
  targetStatus,
} from "@/lib/users/user-permissions";
import { type TUserRecord, userDisplayName } from "@/lib/users/user-types";

type Props = { user: TUserRecord; viewer: { id: string | null; roles: readonly Role[] } };

/**
 * What an administrator may do with the user: resend the invitation or confirmation,
 * the status changes docs/status-machines.md allows from the user's status (none on
 * oneself), and signing in as them. Deactivating and archiving ask first; so does the
 * sign-in-as button itself.
 */
export function UserActions({ user, viewer }: Props) {
  const t = useTranslations("userAdmin");
  const tCommon = useTranslations("common");
  const router = useRouter();
  const [asking, setAsking] = useState<TStatusAction | null>(null);
  const status = useChangeUserStatus(() => setAsking(null));
  const archive = useArchiveUser(() => {
    setAsking(null);
    router.push("/users");
  });
  const resend = useResendInstructions();
  const name = userDisplayName(user);
  const actions = mayChangeStatus(viewer, user) ? statusActions(user.status) : [];
  const busy = status.isPending || archive.isPending;

  const run = (action: TStatusAction) => {
    if (busy) return;
    if (action === "archive") archive.mutate(user);
    else status.mutate({ user, status: targetStatus(action) });
  };

  const label = (action: TStatusAction) => {
    switch (action) {
      case "activate":
        return t("detail.activate");
      case "deactivate":
        return t("detail.deactivate");
      default:
        return t("detail.archive");
    }
  };

  return (
    <>
      <ul className="flex flex-wrap items-center gap-3">
        {mayResend(user) ? (
          <li>
            <Button
              size="sm"
              variant="outline"
              className="min-h-11"
              aria-disabled={resend.isPending || undefined}
              onClick={() => {
                if (!resend.isPending) resend.mutate(user);
              }}
            >
              {user.status === "invited"
                ? t("detail.resendInvitation")
                : t("detail.resendConfirmation")}
            </Button>
          </li>
        ) : null}
        {actions.map((action) => (
          <li key={action}>
            <Button
              size="sm"
              variant="outline"
              className="min-h-11"
              aria-disabled={busy || undefined}
              // Activating is undone as easily as done; the other two ask first.
              onClick={() => (action === "activate" ? run(action) : setAsking(action))}
            >
              {label(action)}
            </Button>
          </li>
        ))}
        {maySignInAs(viewer, user) ? (
          <li>
            <SignInAsButton user={{ id: String(user.id), name }} className="min-h-11" />
          </li>
        ) : null}
      </ul>
      <ConfirmDialog
        open={asking !== null}
        title={
          asking === "archive"
            ? t("confirm.archiveTitle", { name })
            : t("confirm.deactivateTitle", { name })
        }
        confirmLabel={
          asking === "archive" ? t("confirm.archiveConfirm") : t("confirm.deactivateConfirm")
        }
        pending={busy}
        pendingLabel={tCommon("busy")}
        onConfirm={() => {
          if (asking) run(asking);
        }}
        onCancel={() => setAsking(null)}
      >
        <p>{asking === "archive" ? t("confirm.archiveBody") : t("confirm.deactivateBody")}</p>
      </ConfirmDialog>
    </>
  );
}
