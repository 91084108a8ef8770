"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState } from "react";
import { FormError } from "@/components/ui/form-error";
import { Icon } from "@/components/ui/icon";
import { QueryGate } from "@/components/ui/query-gate";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/api";
import { userKeys } from "@/lib/api/query-keys";
import { defaultFieldMessage, useApiForm } from "@/lib/forms/use-api-form";
import type { Translator } from "@/lib/i18n/translator";
import { emailChangeSchema } from "@/lib/profile/email-form";
import { requestEmailChange } from "@/lib/profile/profile-api";
import { accountUserQuery } from "@/lib/profile/profile-queries";
import type { TAccountUser } from "@/lib/profile/profile-types";

/**
 * /profile-edit/email (docs/profile-pages.md): the address in use, an address waiting for
 * its confirmation (`unconfirmed_email`), and the form for a new one: devise_token_auth's
 * PUT /auth with the current password. The new address counts once the link mailed to it is
 * followed; the page says so, in place of the form, and focus goes there.
 */
export function EmailChangeForm() {
  const t = useTranslations("profile.email");
  const user = useQuery(accountUserQuery());
  return (
    <QueryGate query={user} failed={t("loadFailed")}>
      {(loaded) => <EmailChange user={loaded} />}
    </QueryGate>
  );
}

function EmailChange({ user }: { user: TAccountUser }) {
  const t = useTranslations();
  const [sentTo, setSentTo] = useState<{ next: string; old: string } | null>(null);
  const done = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (sentTo) done.current?.focus();
  }, [sentTo]);
  const pendingAddress = user.unconfirmedEmail && !sentTo ? user.unconfirmedEmail : null;

  return (
    <div className="flex flex-col gap-6">
      <dl className="flex flex-col gap-1">
        <dt className="font-semibold">{t("profile.email.current")}</dt>
        <dd className="[overflow-wrap:anywhere]">{user.email}</dd>
      </dl>
      {pendingAddress ? (
        <p className="flex items-start gap-2 rounded-shape border-2 border-neutral-400 bg-white p-4">
          <Icon name="clock" className="mt-1" />
          <span>{t("profile.email.waiting", { next: pendingAddress, old: user.email })}</span>
        </p>
      ) : null}
      <div role="status">
        {sentTo ? (
          <p
            ref={done}
            tabIndex={-1}
            className="rounded-shape border-2 border-primary-700 bg-primary-50 p-4 text-neutral-900"
          >
            {t("profile.email.sent", sentTo)}
          </p>
        ) : null}
      </div>
      {sentTo ? null : <ChangeForm current={user.email} onSent={setSentTo} />}
    </div>
  );
}

function ChangeForm({
  current,
  onSent,
}: {
  current: string;
  onSent: (sent: { next: string; old: string }) => void;
}) {
  const t = useTranslations();
  const schema = useMemo(() => (tr: Translator) => emailChangeSchema(tr, current), [current]);
  const labels = {
    email: t("profile.email.newEmail"),
    currentPassword: t("profile.email.currentPassword"),
  };
  const fallback = defaultFieldMessage(t, labels);
  const { form, formProps, failure, message, pending } = useApiForm({
    schema,
    defaultValues: { email: "", currentPassword: "" },
    fieldLabels: labels,
    submit: (values) => requestEmailChange(api, values),
    // The account now has an address waiting for confirmation.
    invalidates: [userKeys.current()],
    // Said in place, where focus goes: no toast as well.
    onSuccess: (_result, values) => onSent({ next: values.email, old: current }),
    fieldMessage: (field, error) =>
      field === "currentPassword" && !/blank/i.test(`${error.code ?? ""} ${error.title ?? ""}`)
        ? t("profile.email.wrongPassword")
        : fallback(field, error),
    failureTitle: t("profile.email.failed"),
  });

  return (
    <form {...formProps} className="flex max-w-xl flex-col gap-5">
      <FormError title={failure?.title}>{failure?.description}</FormError>
      <TextField
        label={labels.email}
        type="email"
        autoComplete="email"
        required
        hint={t("profile.email.newEmailHint")}
        error={message("email")}
        {...form.register("email")}
      />
      <TextField
        label={labels.currentPassword}
        type="password"
        autoComplete="current-password"
        required
        hint={t("profile.email.currentPasswordHint")}
        error={message("currentPassword")}
        {...form.register("currentPassword")}
      />
      <div>
        <SubmitButton pending={pending} pendingLabel={t("profile.email.sending")}>
          {t("profile.email.submit")}
        </SubmitButton>
      </div>
    </form>
  );
}
