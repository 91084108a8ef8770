"use client";

import { useTranslations } from "next-intl";
import { ButtonLink } from "@/components/ui/button";
import { ResendConfirmationForm } from "./resend-confirmation-form";
import { usePendingAddress } from "./use-pending-address";

/** /organizations/signup/success: reviewed by the centre (pending); confirm the address first. */
export function OrganizationSignupSuccess() {
  const t = useTranslations();
  const address = usePendingAddress("organization");
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2 text-neutral-900">
        <p>{t("organizationSignup.success.review")}</p>
        <p>
          {address
            ? t("organizationSignup.success.confirmTo", { email: address })
            : t("organizationSignup.success.confirm")}
        </p>
      </div>
      <ResendConfirmationForm address={address} />
      <ButtonLink href="/auth/login-1" variant="outline">
        {t("signup.success.signIn")}
      </ButtonLink>
    </div>
  );
}
