"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/api";
import { minPasswordLength } from "@/lib/forms/rules";
import { useApiForm } from "@/lib/forms/use-api-form";
import { rememberPendingAddress } from "@/lib/signup/pending-address";
import { signUpVolunteer, type TLocale } from "@/lib/signup/signup-api";
import { volunteerSignUpSchema } from "@/lib/signup/signup-schemas";
import { signupFailure } from "./field-problem-text";
import { SubmitFailureAlert } from "./submit-failure-alert";

/**
 * /signup: a volunteer's account (POST /api/auth). Like the sign-in form it posts (method
 * "post", to this page) if someone submits before hydration, so a password never ends up in
 * a URL. Success: /signup/success, the address handed over in sessionStorage, and `returnTo`
 * (where to go after signing in) in its query.
 */
export function SignupForm({ returnTo }: { returnTo?: string }) {
  const t = useTranslations();
  const locale = useLocale() as TLocale;
  const router = useRouter();
  const [leaving, setLeaving] = useState(false);
  const labels = {
    firstName: t("signup.fields.firstName"),
    lastName: t("signup.fields.lastName"),
    email: t("signup.fields.email"),
    password: t("signup.fields.password"),
    passwordConfirmation: t("signup.fields.passwordConfirmation"),
  };
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: volunteerSignUpSchema,
    defaultValues: {
      firstName: "",
      lastName: "",
      email: "",
      password: "",
      passwordConfirmation: "",
    },
    fieldLabels: labels,
    submit: (values) => signUpVolunteer(api, values, { locale, origin: window.location.origin }),
    // A new account changes nothing this browser has loaded.
    invalidates: [],
    onSuccess: (_result, values) => {
      rememberPendingAddress("volunteer", values.email);
      setLeaving(true);
      router.push(
        returnTo
          ? `/signup/success?${new URLSearchParams({ redirect: returnTo })}`
          : "/signup/success",
      );
    },
    describeFailure: signupFailure(t, "email"),
  });

  return (
    <form {...formProps} className="flex flex-col gap-5">
      <SubmitFailureAlert failure={failure} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={labels.firstName}
          autoComplete="given-name"
          required
          error={message("firstName")}
          {...form.register("firstName")}
        />
        <TextField
          label={labels.lastName}
          autoComplete="family-name"
          required
          error={message("lastName")}
          {...form.register("lastName")}
        />
      </div>
      <TextField
        label={labels.email}
        type="email"
        autoComplete="email"
        required
        error={message("email")}
        {...form.register("email")}
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
      <SubmitButton pending={pending || leaving} pendingLabel={t("signup.pending")}>
        {t("signup.submit")}
      </SubmitButton>
      <p>
        {t("signup.haveAccount")} <Link href="/auth/login-1">{t("signup.signIn")}</Link>
      </p>
      <p>
        {t("signup.organizationQuestion")}{" "}
        <Link href="/organizations/signup">{t("signup.organizationLink")}</Link>
      </p>
    </form>
  );
}
