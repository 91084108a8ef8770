"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { z } from "zod";
import { FormError } from "@/components/ui/form-error";
import { Notice } from "@/components/ui/notice";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/api";
import { isApiError } from "@/lib/api/errors";
import { rules } from "@/lib/forms/rules";
import { useZodForm } from "@/lib/forms/use-zod-form";
import type { Translator } from "@/lib/i18n/translator";
import { type AuthErrorText, genericErrorText, tooManyAttemptsText } from "./auth-error-text";

function recoverSchema(t: Translator) {
  return z.object({ email: rules(t).email(t("auth.fields.email")) });
}

/** Asks for a reset mail (POST /api/auth/password). The mail links back to /auth/reset. */
export function RecoverForm() {
  const t = useTranslations();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<AuthErrorText | null>(null);
  const form = useZodForm(recoverSchema, { defaultValues: { email: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await api.post("/api/auth/password", {
        email,
        redirectUrl: `${window.location.origin}/auth/reset`,
      });
    } catch (error) {
      // 404 = unknown address: say the same as on success, so the form does not reveal
      // which addresses have an account (api-contract.md §4, account enumeration).
      if (!(isApiError(error) && error.statusCode === 404)) {
        setFailure(
          isApiError(error) && error.statusCode === 429
            ? { title: tooManyAttemptsText(t, error) }
            : genericErrorText(t, error),
        );
        return;
      }
    }
    setSent(true);
  });

  if (sent) {
    return (
      <div className="flex flex-col gap-5">
        <Notice>{t("auth.recover.success")}</Notice>
        <p>
          <Link href="/auth/login-1">{t("common.backToSignIn")}</Link>
        </p>
      </div>
    );
  }

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <FormError title={failure?.title}>{failure?.description}</FormError>
      <TextField
        label={t("auth.fields.email")}
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...form.register("email")}
      />
      <SubmitButton pending={isSubmitting} pendingLabel={t("auth.recover.pending")}>
        {t("auth.recover.submit")}
      </SubmitButton>
      <p>
        <Link href="/auth/login-1">{t("common.backToSignIn")}</Link>
      </p>
    </form>
  );
}
