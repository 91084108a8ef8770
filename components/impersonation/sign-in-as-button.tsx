"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { api } from "@/lib/api";
import { useApiMutation } from "@/lib/api/use-api-mutation";
import { AFTER_SWITCH_PATH, signInAsUser } from "@/lib/impersonation/impersonation-api";
import { signInAsRefusal } from "@/lib/impersonation/sign-in-as-refusal";

type Props = {
  /** The user to act as: their id and the name people know them by. */
  user: { id: string; name: string };
  size?: "sm" | "xl";
  variant?: "neutral" | "outline";
  className?: string;
};

/**
 * "Sign in as" another user (spec §6, §7; docs/impersonation-and-account-deletion.md). Asks
 * first; then POST /api/v1/sign_in_as_user, and on success a full page load of /dashboard,
 * so no query the admin had cached survives into the other account (and the banner, which
 * the server renders from the session cookie, is there on first paint). A refusal (403, 409,
 * 422) is a toast saying why. Superadmins and the user's centre admins may; the api decides.
 */
export function SignInAsButton({ user, size = "sm", variant = "outline", className }: Props) {
  const t = useTranslations();
  const [asking, setAsking] = useState(false);
  // From success until the next page replaces this one: the button keeps saying so.
  const [leaving, setLeaving] = useState(false);
  const signIn = useApiMutation({
    mutationFn: () => signInAsUser(api, user.id),
    // The next page is loaded in full, as the other user: no cached query survives.
    invalidates: [],
    audited: false,
    onSuccess: () => {
      setLeaving(true);
      window.location.assign(AFTER_SWITCH_PATH);
    },
    onError: () => {
      setAsking(false);
      return undefined;
    },
    failure: () => t("impersonation.signInAs.failed", { name: user.name }),
    failureMessage: (error) => signInAsRefusal(t, error),
  });
  const busy = signIn.isPending || leaving;

  return (
    <>
      <Button
        size={size}
        variant={variant}
        // 44 px, also in a table row (WCAG 2.5.5).
        className={`min-h-11 ${className ?? ""}`}
        onClick={() => setAsking(true)}
      >
        {t("impersonation.signInAs.button")}
        <span className="sr-only"> {user.name}</span>
      </Button>
      <ConfirmDialog
        open={asking}
        title={t("impersonation.signInAs.confirmTitle", { name: user.name })}
        confirmLabel={t("impersonation.signInAs.confirm")}
        pending={busy}
        pendingLabel={t("impersonation.signInAs.pending")}
        tone="neutral"
        onConfirm={() => signIn.mutate()}
        onCancel={() => setAsking(false)}
      >
        <p>{t("impersonation.signInAs.confirmBody")}</p>
      </ConfirmDialog>
    </>
  );
}
