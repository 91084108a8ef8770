"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { genericErrorText } from "@/components/auth/auth-error-text";
import { signupFailure } from "@/components/signup/field-problem-text";
import { FormError } from "@/components/ui/form-error";
import { Notice } from "@/components/ui/notice";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/api";
import { isApiError } from "@/lib/api/errors";
import { minPasswordLength } from "@/lib/forms/rules";
import { useApiForm } from "@/lib/forms/use-api-form";
import { acceptInvitation, isSignedInNow, type TInvitation } from "@/lib/signup/signup-api";
import { invitationPasswordSchema } from "@/lib/signup/signup-schemas";
import { InvalidInvitation } from "./invalid-invitation";

type TOutcome = "form" | "invalid" | "done";

/**
 * PUT /api/auth/invitation: the invitee's password. The BFF keeps the session the api
 * answers with, so the invitee goes on to /dashboard signed in (a full load, so every
 * provider starts from the new session). An invitee registered with another centre gets the
 * password but no session (the api's sign-in rules): they are told to sign in.
 */
export function InvitationPasswordForm({
  token,
  invitation,
}: {
  token: string;
  invitation: TInvitation;
}) {
  const t = useTranslations();
  const [outcome, setOutcome] = useState<TOutcome>("form");
  const [leaving, setLeaving] = useState(false);
  const labels = {
    password: t("invitation.password"),
    passwordConfirmation: t("invitation.passwordConfirmation"),
  };
  const rejected = signupFailure(t, "");
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: invitationPasswordSchema,
    defaultValues: { password: "", passwordConfirmation: "" },
    fieldLabels: labels,
    submit: async (values) => {
      await acceptInvitation(api, token, values);
      return isSignedInNow(api);
    },
    // The next page is loaded in full, with a new session: no cached query survives.
    invalidates: [],
    onSuccess: (signedIn) => {
      if (signedIn) {
        setLeaving(true);
        window.location.assign("/dashboard");
      } else setOutcome("done");
    },
    describeFailure: (error, placed) => {
      // Spent or expired since the page loaded (or accepted in another tab).
      if (isApiError(error) && error.statusCode === 404) {
        setOutcome("invalid");
        return { title: "" };
      }
      if (isApiError(error) && error.statusCode === 422) return rejected(error, placed);
      return genericErrorText(t, error);
    },
  });

  if (outcome === "invalid") return <InvalidInvitation />;
  if (outcome === "done") {
    return (
      <div className="flex flex-col gap-5">
        <Notice>{t("invitation.done")}</Notice>
        <p>
          <Link href="/auth/login-1">{t("invitation.signIn")}</Link>
        </p>
      </div>
    );
  }

  const name = [invitation.firstName, invitation.lastName].filter(Boolean).join(" ");
  return (
    <form {...formProps} className="flex flex-col gap-5">
      <p className="text-neutral-900">
        {t("invitation.intro", { name: name || invitation.email })}
      </p>
      <FormError title={failure?.title}>{failure?.description}</FormError>
      {/* For password managers: the account the new password belongs to. Not sent. */}
      <TextField
        label={t("invitation.email")}
        type="email"
        autoComplete="username"
        readOnly
        value={invitation.email}
      />
      <TextField
        label={labels.password}
        type="password"
        autoComplete="new-password"
        required
        hint={t("signup.passwordHint", { min: String(minPasswordLength) })}
        error={message("password")}
        {...form.register("password")}
      />
      <TextField
        label={labels.passwordConfirmation}
        type="password"
        autoComplete="new-password"
        required
        error={message("passwordConfirmation")}
        {...form.register("passwordConfirmation")}
      />
      <SubmitButton pending={pending || leaving} pendingLabel={t("invitation.pending")}>
        {t("invitation.submit")}
      </SubmitButton>
    </form>
  );
}
