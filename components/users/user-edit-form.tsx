"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { z } from "zod";
import { FormError } from "@/components/ui/form-error";
import { PageTitle } from "@/components/ui/page-title";
import { SelectField } from "@/components/ui/select-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/api";
import { userKeys } from "@/lib/api/query-keys";
import { useApiForm } from "@/lib/forms/use-api-form";
import type { Translator } from "@/lib/i18n/translator";
import { updateUser } from "@/lib/users/user-api";
import { fieldErrorText } from "@/lib/users/user-form-errors";
import { localeChoices, userSchemaParts } from "@/lib/users/user-schema";
import { type TUserRecord, userDisplayName } from "@/lib/users/user-types";
import { UserLoader } from "./user-loader";

function editSchema(t: Translator) {
  const parts = userSchemaParts(t);
  return z.object({
    firstName: parts.firstName,
    lastName: parts.lastName,
    phone: parts.phone,
    locale: parts.locale,
  });
}

type TField = "firstName" | "lastName" | "phone" | "locale";

/**
 * /users/:id/edit: name, phone and language (PATCH /api/v1/users/:id). The
 * e-mail address is not edited here: it is the account's sign-in name (devise's uid).
 */
export function UserEditForm({ id }: { id: string }) {
  return <UserLoader id={id}>{(user) => <EditForm user={user} />}</UserLoader>;
}

function EditForm({ user }: { user: TUserRecord }) {
  const t = useTranslations("userAdmin");
  const tAll = useTranslations();
  const router = useRouter();
  const [leaving, setLeaving] = useState(false);
  const labels: Record<TField, string> = {
    firstName: t("fields.firstName"),
    lastName: t("fields.lastName"),
    phone: t("fields.phone"),
    locale: t("fields.locale"),
  };
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: editSchema,
    defaultValues: {
      firstName: user.firstName ?? "",
      lastName: user.lastName ?? "",
      phone: user.phone ?? "",
      locale: user.locale === "en" ? "en" : "nl",
    },
    fieldLabels: labels,
    submit: (values) =>
      updateUser(api, user.id, {
        firstName: values.firstName,
        lastName: values.lastName,
        phone: values.phone === "" ? null : values.phone,
        locale: values.locale,
      }),
    // The user (and their history), every list they are in, and the signed-in user's own
    // record when admins edit themselves.
    invalidates: [userKeys.detail(user.id), userKeys.lists(), userKeys.current()],
    audited: true,
    success: (saved) => t("edit.saved", { name: userDisplayName(saved) }),
    onSuccess: () => {
      setLeaving(true);
      router.push(`/users/${user.id}`);
    },
    fieldMessage: (field, error) =>
      fieldErrorText(tAll, error.code ?? "invalid", labels[field as TField] ?? field),
    failureTitle: t("edit.failed"),
  });

  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <div>
        <p className="mb-2">
          <Link href={`/users/${user.id}`} className="inline-flex min-h-11 items-center">
            {t("edit.back", { name: userDisplayName(user) })}
          </Link>
        </p>
        <PageTitle description={t("edit.description", { email: user.email })}>
          {t("edit.title", { name: userDisplayName(user) })}
        </PageTitle>
      </div>
      <form {...formProps} className="flex flex-col gap-5">
        <FormError title={failure?.title}>{failure?.description}</FormError>
        <TextField
          label={labels.firstName}
          autoComplete="off"
          required
          error={message("firstName")}
          {...form.register("firstName")}
        />
        <TextField
          label={labels.lastName}
          autoComplete="off"
          required
          error={message("lastName")}
          {...form.register("lastName")}
        />
        <TextField
          label={labels.phone}
          type="tel"
          autoComplete="off"
          error={message("phone")}
          {...form.register("phone")}
        />
        <SelectField
          label={labels.locale}
          required
          options={localeChoices(tAll)}
          error={message("locale")}
          {...form.register("locale")}
        />
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton pending={pending || leaving} pendingLabel={t("edit.pending")}>
            {t("edit.submit")}
          </SubmitButton>
          <Link href={`/users/${user.id}`} className="inline-flex min-h-11 items-center">
            {tAll("common.cancel")}
          </Link>
        </div>
      </form>
    </div>
  );
}
