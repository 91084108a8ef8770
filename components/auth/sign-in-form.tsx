"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { FormError } from "@/components/ui/form-error";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { useAuth } from "@/lib/auth/use-auth";
import { useZodForm } from "@/lib/forms/use-zod-form";
import { type AuthErrorText, signInErrorText } from "./auth-error-text";
import { signInSchema } from "./sign-in-schema";

/** `redirectTo` is already a safe path on this site (lib/navigation/safe-return-path.ts). */
export function SignInForm({ redirectTo }: { redirectTo: string }) {
  const t = useTranslations();
  const { signIn } = useAuth();
  const router = useRouter();
  const [failure, setFailure] = useState<AuthErrorText | null>(null);
  // Stays true from success until the next page replaces this one.
  const [leaving, setLeaving] = useState(false);
  const form = useZodForm(signInSchema, { defaultValues: { email: "", password: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setFailure(null);
    try {
      await signIn(email, password);
    } catch (error) {
      setFailure(signInErrorText(t, error));
      return;
    }
    setLeaving(true);
    router.replace(redirectTo);
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <FormError title={failure?.title}>{failure?.description}</FormError>
      <TextField
        label={t("auth.fields.email")}
        type="email"
        autoComplete="username"
        required
        error={errors.email?.message}
        {...form.register("email")}
      />
      <TextField
        label={t("auth.fields.password")}
        type="password"
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...form.register("password")}
      />
      <p>
        <Link href="/auth/recover">{t("auth.signIn.forgotPassword")}</Link>
      </p>
      <SubmitButton pending={isSubmitting || leaving} pendingLabel={t("auth.signIn.pending")}>
        {t("auth.signIn.submit")}
      </SubmitButton>
    </form>
  );
}
