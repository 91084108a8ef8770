"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { z } from "zod";
import { ErrorScreen } from "@/components/errors/error-screen";
import { ListLoadFailed, ListLoading } from "@/components/lists/list-states";
import { FormError } from "@/components/ui/form-error";
import { Notice } from "@/components/ui/notice";
import { PageTitle } from "@/components/ui/page-title";
import { SelectField } from "@/components/ui/select-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/api";
import { userKeys } from "@/lib/api/query-keys";
import { refusalText } from "@/lib/api/use-api-mutation";
import { classifyError } from "@/lib/errors/error-kind";
import { splitApiErrors } from "@/lib/forms/api-field-errors";
import { useZodForm } from "@/lib/forms/use-zod-form";
import type { Translator } from "@/lib/i18n/translator";
import { useToast } from "@/lib/toasts/use-toast";
import { choiceToChange, resourceTypeOf, type TChoice } from "@/lib/users/role-choice";
import { useRoleChoices } from "@/lib/users/use-role-choices";
import { inviteUser } from "@/lib/users/user-api";
import { fieldErrorText } from "@/lib/users/user-form-errors";
import { localeChoices, userSchemaParts } from "@/lib/users/user-schema";
import type { TScopedRoleName } from "@/lib/users/user-types";
import { RoleChoiceFields } from "./role-choice-fields";

function inviteSchema(t: Translator) {
  const parts = userSchemaParts(t);
  return z.object({
    email: parts.email,
    firstName: parts.firstName,
    lastName: parts.lastName,
    locale: parts.locale,
    role: parts.role,
    resourceId: parts.resourceId,
  });
}

type TField = "email" | "firstName" | "lastName" | "locale" | "role" | "resourceId";

/** The api's attributes (422 pointers, camelCased) → the form's fields. */
const API_FIELDS: Record<string, TField> = {
  email: "email",
  firstName: "firstName",
  lastName: "lastName",
  locale: "locale",
  role: "role",
  resourceType: "resourceId",
  resourceId: "resourceId",
};

/**
 * /users/add (issue 4): invites someone by mail with a role on an organization or a desk
 * (POST /api/v1/users, docs/api-registration-invitations.md). The admin's organizations
 * and desks decide what may be handed out; the api's 403 on them is the 403 screen.
 */
export function UserInviteForm() {
  const t = useTranslations("userAdmin");
  const choices = useRoleChoices();

  let body: React.ReactNode;
  if (choices.status === "pending") body = <ListLoading />;
  else if (choices.status === "error") {
    const { kind, code } = classifyError(choices.error);
    if (kind !== "generic") return <ErrorScreen kind={kind} code={code} />;
    body = <ListLoadFailed message={t("add.loadFailed")} onRetry={choices.retry} />;
  } else if (choices.roles.length === 0) body = <Notice>{t("add.nothingToGive")}</Notice>;
  else
    body = (
      <InviteForm
        roles={choices.roles}
        organizations={choices.organizations}
        desks={choices.desks}
      />
    );

  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <PageTitle description={t("add.description")}>{t("add.title")}</PageTitle>
      {body}
    </div>
  );
}

function InviteForm({
  roles,
  organizations,
  desks,
}: {
  roles: TScopedRoleName[];
  organizations: TChoice[];
  desks: TChoice[];
}) {
  const t = useTranslations("userAdmin");
  const tAll = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  // Stays true from success until the user's page replaces this one.
  const [leaving, setLeaving] = useState(false);
  const labels: Record<TField, string> = {
    email: t("fields.email"),
    firstName: t("fields.firstName"),
    lastName: t("fields.lastName"),
    locale: t("fields.locale"),
    role: t("fields.role"),
    resourceId: t("fields.organization"),
  };
  const form = useZodForm(inviteSchema, {
    defaultValues: {
      email: "",
      firstName: "",
      lastName: "",
      locale: locale === "en" ? "en" : "nl",
      role: "",
      resourceId: "",
    },
    fieldLabels: labels,
  });
  const { errors, isSubmitting } = form.formState;
  const role = form.watch("role");
  const resourceLabel =
    role !== "" && resourceTypeOf(role) === "Desk" ? t("fields.desk") : t("fields.organization");

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const change = choiceToChange(values.role, values.resourceId);
    try {
      const user = await inviteUser(api, {
        email: values.email,
        firstName: values.firstName,
        lastName: values.lastName,
        locale: values.locale,
        ...change,
      });
      toast.success(t("add.sent", { email: values.email }));
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
      setLeaving(true);
      router.push(`/users/${user.id}`);
    } catch (error) {
      const { fields: fieldErrors, rest } = splitApiErrors(error, API_FIELDS);
      fieldErrors.forEach(({ field: name, code = "invalid" }, index) => {
        const field = name as TField;
        form.setError(
          field,
          {
            message: fieldErrorText(
              tAll,
              code,
              field === "resourceId" ? resourceLabel : labels[field],
            ),
          },
          { shouldFocus: index === 0 },
        );
      });
      if (fieldErrors.length === 0 || rest.length > 0) setFailure(refusalText(tAll, error));
    }
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <FormError title={failure ? t("add.failed") : undefined}>{failure}</FormError>
      <TextField
        label={labels.email}
        type="email"
        autoComplete="off"
        required
        error={errors.email?.message}
        {...form.register("email")}
      />
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
      <SelectField
        label={labels.locale}
        hint={t("add.localeHint")}
        required
        options={localeChoices(tAll)}
        error={errors.locale?.message}
        {...form.register("locale")}
      />
      <RoleChoiceFields
        role={role}
        roles={roles}
        organizations={organizations}
        desks={desks}
        roleField={form.register("role", {
          onChange: (event: React.ChangeEvent<HTMLSelectElement>) => {
            // Another kind of resource: the organization or desk chosen no longer fits.
            if (resourceTypeOf(event.target.value) !== resourceTypeOf(role)) {
              form.setValue("resourceId", "");
            }
          },
        })}
        resourceField={form.register("resourceId")}
        roleError={errors.role?.message}
        resourceError={errors.resourceId?.message}
      />
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton pending={isSubmitting || leaving} pendingLabel={t("add.pending")}>
          {t("add.submit")}
        </SubmitButton>
        <Link href="/users" className="inline-flex min-h-11 items-center">
          {tAll("common.cancel")}
        </Link>
      </div>
    </form>
  );
}
