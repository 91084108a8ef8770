"use client";

import { useTranslations } from "next-intl";
import { ButtonLink } from "@/components/ui/button";
import { signInPath } from "@/lib/navigation/sign-in-path";
import { ResendConfirmationForm } from "./resend-confirmation-form";
import { usePendingAddress } from "./use-pending-address";

/**
 * /signup/success: the mail is on its way; confirm, or have it sent again; then sign in, and
 * back to `returnTo` when sign-up started from a page (a vacancy's form).
 */
export function SignupSuccess({ returnTo }: { returnTo?: string }) {
  const t = useTranslations("signup.success");
  const address = usePendingAddress("volunteer");
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2 text-neutral-900">
        <p>{address ? t("sentTo", { email: address }) : t("sent")}</p>
        <p>{t("afterConfirm")}</p>
      </div>
      <ResendConfirmationForm address={address} />
      <ButtonLink href={signInPath(returnTo)} variant="outline">
        {t("signIn")}
      </ButtonLink>
    </div>
  );
}
