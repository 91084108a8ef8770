"use client";

import { useQueryClient } from "@tanstack/react-query";
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
import { refusalText } from "@/lib/api/use-api-mutation";
import { splitApiErrors } from "@/lib/forms/api-field-errors";
import { useZodForm } from "@/lib/forms/use-zod-form";
import type { Translator } from "@/lib/i18n/translator";
import { useToast } from "@/lib/toasts/use-toast";
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

/** The api's attributes (422 pointers, camelCased) → the form's fields. */
const API_FIELDS: Record<string, TField> = {
  firstName: "firstName",
  lastName: "lastName",
  phone: "phone",
  locale: "locale",
};

/**
 * /users/:id/edit (issue 4): name, phone and language (PATCH /api/v1/users/:id). The
 * e-mail address is not edited here: it is the account's sign-in name (devise's uid).
 */
export function UserEditForm({ id }: { id: string }) {
  return <UserLoader id={id}>{(user) => <EditForm user={user} />}</UserLoader>;
}

function EditForm({ user }: { user: TUserRecord }) {
  const t = useTranslations("userAdmin");
  const tAll = useTranslations();
  const router = useRouter();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const labels: Record<TField, string> = {
    firstName: t("fields.firstName"),
    lastName: t("fields.lastName"),
    phone: t("fields.phone"),
    locale: t("fields.locale"),
  };
  const form = useZodForm(editSchema, {
    defaultValues: {
      firstName: user.firstName ?? "",
      lastName: user.lastName ?? "",
      phone: user.phone ?? "",
      locale: user.locale === "en" ? "en" : "nl",
    },
    fieldLabels: labels,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await updateUser(api, user.id, {
        firstName: values.firstName,
        lastName: values.lastName,
        phone: values.phone === "" ? null : values.phone,
        locale: values.locale,
      });
      toast.success(t("edit.saved", { name: userDisplayName(saved) }));
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
      setLeaving(true);
      router.push(`/users/${user.id}`);
    } catch (error) {
      const { fields: fieldErrors, rest } = splitApiErrors(error, API_FIELDS);
      fieldErrors.forEach(({ field: name, code = "invalid" }, index) => {
        const field = name as TField;
        form.setError(
          field,
          { message: fieldErrorText(tAll, code, labels[field]) },
          { shouldFocus: index === 0 },
        );
      });
      if (fieldErrors.length === 0 || rest.length > 0) setFailure(refusalText(tAll, error));
    }
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
      <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <FormError title={failure ? t("edit.failed") : undefined}>{failure}</FormError>
        <TextField
          label={labels.firstName}
          autoComplete="off"
          required
          error={errors.firstName?.message}
          {...form.register("firstName")}
        />
        <TextField
          label={labels.lastName}
          autoComplete="off"
          required
          error={errors.lastName?.message}
          {...form.register("lastName")}
        />
        <TextField
          label={labels.phone}
          type="tel"
          autoComplete="off"
          error={errors.phone?.message}
          {...form.register("phone")}
        />
        <SelectField
          label={labels.locale}
          required
          options={localeChoices(tAll)}
          error={errors.locale?.message}
          {...form.register("locale")}
        />
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton pending={isSubmitting || leaving} pendingLabel={t("edit.pending")}>
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
