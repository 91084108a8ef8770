"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { ButtonLink } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { Notice } from "@/components/ui/notice";
import { api } from "@/lib/api";
import { isApiError } from "@/lib/api/errors";
import { type AuthErrorText, genericErrorText } from "./auth-error-text";

type State = { step: "pending" } | { step: "confirmed" } | { step: "failed"; error: AuthErrorText };

/** POST /api/v1/confirm once for the token of the mail link (spec §7). */
export function ConfirmAccount({ token }: { token: string }) {
  const t = useTranslations();
  const [state, setState] = useState<State>({ step: "pending" });
  // A confirmation token works once: never post it twice, also not when React runs
  // effects twice in development.
  const posted = useRef(false);

  useEffect(() => {
    if (posted.current) return;
    posted.current = true;
    api
      .post("/api/v1/confirm", { confirmationToken: token })
      .then(() => setState({ step: "confirmed" }))
      .catch((error: unknown) => {
        const rejected =
          isApiError(error) && (error.statusCode === 404 || error.statusCode === 422);
        setState({
          step: "failed",
          error: rejected ? { title: t("auth.confirm.failure") } : genericErrorText(t, error),
        });
      });
  }, [token, t]);

  if (state.step === "pending") {
    return (
      <p role="status" className="text-neutral-800">
        {t("auth.confirm.pending")}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      {state.step === "confirmed" ? (
        <Notice>{t("auth.confirm.success")}</Notice>
      ) : (
        <FormError title={state.error.title}>{state.error.description}</FormError>
      )}
      <ButtonLink href="/auth/login-1">{t("auth.confirm.signIn")}</ButtonLink>
    </div>
  );
}
