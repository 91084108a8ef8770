"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { QueryGate } from "@/components/ui/query-gate";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { TextareaField } from "@/components/ui/textarea-field";
import { api } from "@/lib/api";
import type { CurrentUser } from "@/lib/auth/auth-state";
import { currentUserQuery } from "@/lib/auth/current-user-query";
import { sendContactMessage } from "@/lib/contact/contact-api";
import { contactFormSchema, type TContactFormValues } from "@/lib/contact/contact-form";
import { CONTACT_HONEYPOT, CONTACT_LIMITS } from "@/lib/contract/contact";
import { useApiForm } from "@/lib/forms/use-api-form";

/** Where the site's privacy statement is: the tenant's content page (docs/content-pages.md). */
const PRIVACY_PATH = "/privacy";

/**
 * /contactformulier: a message to the site's centre (docs/contact-form.md). Name and address
 * start as the account's and may be changed. Once sent, the form gives way to a
 * confirmation that takes the focus; the same confirmation comes by mail.
 */
export function ContactForm() {
  const t = useTranslations("contact");
  const user = useQuery(currentUserQuery());
  const [sent, setSent] = useState<TContactFormValues | null>(null);
  if (sent) return <Confirmation sent={sent} onAgain={() => setSent(null)} />;
  return (
    <QueryGate query={user} failed={t("form.loadFailed")}>
      {(me) => <ContactFields me={me} onSent={setSent} />}
    </QueryGate>
  );
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

function ContactFields({
  me,
  onSent,
}: {
  me: CurrentUser;
  onSent: (values: TContactFormValues) => void;
}) {
  const t = useTranslations("contact");
  const locale = useLocale();
  const consentHint = useId();
  const labels = {
    name: t("form.name"),
    email: t("form.email"),
    subject: t("form.subject"),
    body: t("form.body"),
    consent: t("form.consentLabel"),
  };
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: contactFormSchema,
    defaultValues: {
      name: [text(me.firstName), text(me.lastName)].filter(Boolean).join(" "),
      email: text(me.email),
      subject: "",
      body: "",
      consent: false,
      [CONTACT_HONEYPOT]: "",
    },
    fieldLabels: labels,
    submit: (values) => sendContactMessage(api, values, locale),
    invalidates: [],
    onSuccess: (_result, values) => onSent(values),
    failureTitle: t("form.failed"),
  });
  const consentError = message("consent");
  const length = (form.watch("body") ?? "").length;
  return (
    <form {...formProps} aria-label={t("form.label")} className="flex max-w-2xl flex-col gap-4">
      <FormError title={failure?.title}>{failure?.description}</FormError>
      <TextField
        label={labels.name}
        autoComplete="name"
        required
        error={message("name")}
        {...form.register("name")}
      />
      <TextField
        label={labels.email}
        type="email"
        autoComplete="email"
        required
        error={message("email")}
        {...form.register("email")}
      />
      <TextField
        label={labels.subject}
        required
        error={message("subject")}
        {...form.register("subject")}
      />
      <TextareaField
        label={labels.body}
        rows={8}
        required
        error={message("body")}
        hint={t("form.counter", { count: length, max: CONTACT_LIMITS.body })}
        {...form.register("body")}
      />
      {/* The honeypot: out of sight and out of the accessibility tree; people leave it
          empty, robots that fill every field give themselves away. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          {t("form.honeypot")}
          <input
            type="text"
            tabIndex={-1}
            autoComplete="off"
            {...form.register(CONTACT_HONEYPOT)}
          />
        </label>
      </div>
      <div className="flex flex-col gap-1">
        <label className="flex min-h-11 cursor-pointer items-start gap-3 py-2">
          <input
            type="checkbox"
            aria-describedby={consentError ? `${consentHint} ${consentHint}-error` : consentHint}
            aria-invalid={consentError ? true : undefined}
            aria-required="true"
            className="mt-1 size-5 shrink-0 accent-neutral-800"
            {...form.register("consent")}
          />
          <span className="font-medium">{labels.consent}</span>
        </label>
        <p id={consentHint} className="text-sm text-neutral-800">
          {t.rich("form.consentHint", {
            link: (chunks) => (
              <Link href={PRIVACY_PATH} className="underline">
                {chunks}
              </Link>
            ),
          })}
        </p>
        {consentError ? (
          <p id={`${consentHint}-error`} className="text-sm font-medium text-danger-700">
            {consentError}
          </p>
        ) : null}
      </div>
      <div>
        <SubmitButton pending={pending} pendingLabel={t("form.sending")}>
          {t("form.send")}
        </SubmitButton>
      </div>
    </form>
  );
}

function Confirmation({ sent, onAgain }: { sent: TContactFormValues; onAgain: () => void }) {
  const t = useTranslations("contact");
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby="contact-sent"
      className="flex max-w-2xl flex-col gap-3 rounded-shape border-2 border-emerald-700 bg-emerald-50 p-4 text-neutral-900"
    >
      <h2 id="contact-sent" ref={heading} tabIndex={-1} className="text-xl font-semibold">
        {t("sent.title")}
      </h2>
      <p>{t("sent.body", { email: sent.email })}</p>
      <dl className="grid gap-1 sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="font-medium">{t("form.subject")}</dt>
        <dd>{sent.subject}</dd>
        <dt className="font-medium">{t("form.body")}</dt>
        <dd className="whitespace-pre-line">{sent.body}</dd>
      </dl>
      <div>
        <Button variant="outline" onClick={onAgain}>
          {t("sent.again")}
        </Button>
      </div>
    </section>
  );
}
