"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button, ButtonLink } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import {
  confirmAccountDeletion,
  type TTokenRefusal,
  tokenRefusalOf,
} from "@/lib/account-deletion/account-deletion-api";
import { api } from "@/lib/api";
import { refusalText } from "@/lib/api/use-api-mutation";
import { useAuth } from "@/lib/auth/use-auth";

/** Where the web goes once the account is gone (spec §2). */
export const DELETED_PATH = "/profiel/verwijderd";

type TState =
  | { step: "ready" }
  | { step: "pending" }
  | { step: "refused"; refusal: TTokenRefusal }
  | { step: "failed"; message: string };

/**
 * The mailed link's page: what deleting means is shown above (WhatDeletionMeans); one button
 * confirms (POST /api/v1/account_deletions/confirm). Then the web signs out — the BFF clears
 * the cookie whatever the api says, and the account's tokens are gone anyway — and shows
 * /profiel/verwijderd. A link that is invalid, used or expired says so and offers a new one.
 */
export function ConfirmDeletion({ token }: { token: string }) {
  const t = useTranslations();
  const { signOut } = useAuth();
  const router = useRouter();
  const [state, setState] = useState<TState>({ step: "ready" });

  const confirm = async () => {
    if (state.step === "pending") return;
    setState({ step: "pending" });
    try {
      await confirmAccountDeletion(api, token);
    } catch (error) {
      const refusal = tokenRefusalOf(error);
      setState(
        refusal ? { step: "refused", refusal } : { step: "failed", message: refusalText(t, error) },
      );
      return;
    }
    await signOut();
    router.replace(DELETED_PATH);
  };

  if (state.step === "refused") {
    return (
      <div className="flex flex-col gap-5">
        <FormError
          title={
            state.refusal === "expired"
              ? t("accountDeletion.confirm.expired")
              : t("accountDeletion.confirm.invalid")
          }
        >
          {t("accountDeletion.confirm.newLinkHint")}
        </FormError>
        <div>
          <ButtonLink href="/account/verwijderen">
            {t("accountDeletion.confirm.newLink")}
          </ButtonLink>
        </div>
      </div>
    );
  }

  const pending = state.step === "pending";
  return (
    <div className="flex flex-col gap-5">
      <FormError title={state.step === "failed" ? state.message : undefined} />
      <div className="flex flex-wrap gap-3">
        <Button
          aria-disabled={pending || undefined}
          className="bg-danger-700 hover:bg-danger-800"
          onClick={() => void confirm()}
        >
          {pending ? t("accountDeletion.confirm.pending") : t("accountDeletion.confirm.submit")}
        </Button>
        <ButtonLink href="/" variant="outline">
          {t("accountDeletion.confirm.keep")}
        </ButtonLink>
      </div>
    </div>
  );
}
