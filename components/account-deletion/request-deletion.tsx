"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { z } from "zod";
import { tooManyAttemptsText } from "@/components/auth/auth-error-text";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { requestAccountDeletion } from "@/lib/account-deletion/account-deletion-api";
import { api } from "@/lib/api";
import { isApiError } from "@/lib/api/errors";
import { refusalText, useApiMutation } from "@/lib/api/use-api-mutation";
import { rules } from "@/lib/forms/rules";
import { useApiForm } from "@/lib/forms/use-api-form";
import type { Translator } from "@/lib/i18n/translator";

function requestSchema(t: Translator) {
  return z.object({ email: rules(t).email(t("accountDeletion.request.email")) });
}

/** What any refusal of the request says (a 422 on the address goes under the field). */
function failureText(t: Translator, error: unknown): string {
  if (isApiError(error) && error.statusCode === 429) return tooManyAttemptsText(t, error);
  return refusalText(t, error);
}

/**
 * Asks for the mail that confirms a deletion (POST /api/v1/account_deletions). Signed out:
 * by address. Signed in: for one's own account, no address needed. Either way the answer is
 * the same, whether the address has an account or not (no enumeration).
 */
export function RequestDeletion({ signedIn }: { signedIn: boolean }) {
  const [sent, setSent] = useState(false);
  const status = useRef<HTMLDivElement>(null);
  // The form is gone: focus goes to what replaced it, not back to the top of the page.
  useEffect(() => {
    if (sent) status.current?.focus();
  }, [sent]);
  return (
    <div className="flex flex-col gap-5">
      {sent ? null : signedIn ? (
        <RequestOwnDeletion onSent={() => setSent(true)} />
      ) : (
        <RequestDeletionByEmail onSent={() => setSent(true)} />
      )}
      {/* Rendered empty beforehand, so the message is announced when it appears. */}
      <div ref={status} role="status" tabIndex={-1} className="focus:outline-none">
        {sent ? <SentNotice /> : null}
      </div>
    </div>
  );
}

function SentNotice() {
  const t = useTranslations("accountDeletion.request");
  return (
    <div className="rounded-shape border-2 border-primary-700 bg-primary-50 p-4 text-neutral-900">
      {t("sent")}
    </div>
  );
}

function RequestOwnDeletion({ onSent }: { onSent: () => void }) {
  const t = useTranslations();
  const mutation = useApiMutation({
    mutationFn: () => requestAccountDeletion(api),
    // Nothing the page shows changes until the mailed link is followed.
    invalidates: [],
    audited: false,
    onSuccess: onSent,
  });
  const pending = mutation.isPending;
  const failure = mutation.error ? failureText(t, mutation.error) : null;
  const request = () => {
    if (!pending) mutation.mutate();
  };
  return (
    <div className="flex flex-col gap-4">
      <p>{t("accountDeletion.request.ownIntro")}</p>
      <FormError title={failure ?? undefined} />
      <div>
        <Button
          aria-disabled={pending || undefined}
          className="bg-danger-700 hover:bg-danger-800"
          onClick={request}
        >
          {pending ? t("accountDeletion.request.pending") : t("accountDeletion.request.own")}
        </Button>
      </div>
    </div>
  );
}

function RequestDeletionByEmail({ onSent }: { onSent: () => void }) {
  const t = useTranslations();
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: requestSchema,
    defaultValues: { email: "" },
    submit: ({ email }) => requestAccountDeletion(api, email.trim()),
    // Nothing the page shows changes until the mailed link is followed.
    invalidates: [],
    onSuccess: onSent,
    fieldMessage: () => t("validation.email"),
    // A 429 says when to try again; a 422 on the address goes under the field.
    describeFailure: (error, placed) =>
      placed.length === 0 ? { title: failureText(t, error) } : undefined,
  });

  return (
    <form {...formProps} className="flex flex-col gap-5">
      <p>{t("accountDeletion.request.emailIntro")}</p>
      <FormError title={failure?.title}>{failure?.description}</FormError>
      <TextField
        label={t("accountDeletion.request.email")}
        type="email"
        autoComplete="email"
        required
        error={message("email")}
        {...form.register("email")}
      />
      <div>
        <SubmitButton pending={pending} pendingLabel={t("accountDeletion.request.pending")}>
          {t("accountDeletion.request.submit")}
        </SubmitButton>
      </div>
    </form>
  );
}
