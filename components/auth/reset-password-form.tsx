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
import type { ResetPasswordCredentials } from "@/lib/auth/reset-password";
import { rules } from "@/lib/forms/rules";
import { useZodForm } from "@/lib/forms/use-zod-form";
import type { Translator } from "@/lib/i18n/translator";
import { type AuthErrorText, genericErrorText } from "./auth-error-text";

function resetSchema(t: Translator) {
  const r = rules(t);
  return z
    .object({
      password: r.newPassword(t("auth.fields.newPassword")),
      passwordConfirmation: r.required(t("auth.fields.passwordConfirmation")),
    })
    .refine((values) => values.password === values.passwordConfirmation, {
      message: r.passwordMismatch(),
      path: ["passwordConfirmation"],
    });
}

/**
 * PUT /api/auth/password. The browser holds no auth headers, so devise's uid/client/
 * access-token travel in the body; the BFF turns them into headers (lib/bff/password-reset.ts).
 */
async function resetPassword(credentials: ResetPasswordCredentials, password: string) {
  await api.put("/api/auth/password", { password, passwordConfirmation: password, ...credentials });
}

async function isSignedInNow(): Promise<boolean> {
  try {
    return (await api.get<{ signedIn?: boolean }>("/api/session")).data.signedIn === true;
  } catch {
    return false;
  }
}

export function ResetPasswordForm({ credentials }: { credentials: ResetPasswordCredentials }) {
  const t = useTranslations();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<(AuthErrorText & { expired?: boolean }) | null>(null);
  const form = useZodForm(resetSchema, {
    defaultValues: { password: "", passwordConfirmation: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      await resetPassword(credentials, password);
    } catch (error) {
      setFailure(
        isApiError(error) && error.statusCode === 401
          ? { title: t("auth.errors.expiredLink"), expired: true }
          : genericErrorText(t, error),
      );
      return;
    }
    // When the api signed the user in with the reset, the BFF kept the session: go on in.
    // A full load, so every provider starts from the new session.
    if (await isSignedInNow()) {
      window.location.assign("/dashboard");
      return;
    }
    setDone(true);
  });

  if (done) {
    return (
      <div className="flex flex-col gap-5">
        <Notice>{t("auth.reset.success")}</Notice>
        <p>
          <Link href="/auth/login-1">{t("auth.reset.signIn")}</Link>
        </p>
      </div>
    );
  }

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <FormError title={failure?.title}>
        {failure?.expired ? (
          <Link href="/auth/recover">{t("auth.reset.requestNewLink")}</Link>
        ) : (
          failure?.description
        )}
      </FormError>
      <TextField
        label={t("auth.fields.newPassword")}
        type="password"
        autoComplete="new-password"
        required
        error={errors.password?.message}
        {...form.register("password")}
      />
      <TextField
        label={t("auth.fields.passwordConfirmation")}
        type="password"
        autoComplete="new-password"
        required
        error={errors.passwordConfirmation?.message}
        {...form.register("passwordConfirmation")}
      />
      <SubmitButton pending={isSubmitting} pendingLabel={t("auth.reset.pending")}>
        {t("auth.reset.submit")}
      </SubmitButton>
    </form>
  );
}
