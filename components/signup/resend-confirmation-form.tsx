"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { z } from "zod";
import { genericErrorText, tooManyAttemptsText } from "@/components/auth/auth-error-text";
import { FormError } from "@/components/ui/form-error";
import { Notice } from "@/components/ui/notice";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/api";
import { isApiError } from "@/lib/api/errors";
import { rules } from "@/lib/forms/rules";
import { useApiForm } from "@/lib/forms/use-api-form";
import type { Translator } from "@/lib/i18n/translator";
import { resendConfirmation } from "@/lib/signup/signup-api";

function resendSchema(t: Translator) {
  return z.object({ email: rules(t).email(t("signup.fields.email")) });
}

/**
 * "No mail received?": POST /api/auth/confirmation for the address, filled in with the one
 * the sign-up just used when the tab still knows it. devise answers 404 for an unknown
 * address; the form says the same as on success, so it tells nobody which addresses exist.
 */
export function ResendConfirmationForm({ address }: { address: string | null }) {
  const t = useTranslations();
  const [sent, setSent] = useState(false);
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: resendSchema,
    defaultValues: { email: "" },
    submit: async ({ email }) => {
      setSent(false);
      try {
        await resendConfirmation(api, email, window.location.origin);
      } catch (error) {
        // An unknown address: said the same as success, so nobody learns which exist.
        if (!(isApiError(error) && error.statusCode === 404)) throw error;
      }
    },
    // A mail is sent; nothing this browser has loaded changes.
    invalidates: [],
    onSuccess: () => setSent(true),
    describeFailure: (error) =>
      isApiError(error) && error.statusCode === 429
        ? { title: tooManyAttemptsText(t, error) }
        : genericErrorText(t, error),
  });
  const { setValue, getValues } = form;

  useEffect(() => {
    if (address && getValues("email") === "") setValue("email", address);
  }, [address, getValues, setValue]);

  return (
    <section aria-labelledby="resend-title" className="flex flex-col gap-4">
      <h2 id="resend-title" className="text-xl font-semibold text-neutral-900">
        {t("signup.resend.title")}
      </h2>
      <p className="text-neutral-800">{t("signup.resend.intro")}</p>
      <form {...formProps} className="flex flex-col gap-4">
        <FormError title={failure?.title}>{failure?.description}</FormError>
        {sent ? <Notice>{t("signup.resend.done")}</Notice> : null}
        <TextField
          label={t("signup.fields.email")}
          type="email"
          autoComplete="email"
          required
          error={message("email")}
          {...form.register("email")}
        />
        <SubmitButton pending={pending} pendingLabel={t("signup.resend.pending")}>
          {t("signup.resend.submit")}
        </SubmitButton>
      </form>
    </section>
  );
}
