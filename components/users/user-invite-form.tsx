"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { z } from "zod";
import { FormError } from "@/components/ui/form-error";
import { Notice } from "@/components/ui/notice";
import { PageTitle } from "@/components/ui/page-title";
import { QueryGate } from "@/components/ui/query-gate";
import { SelectField } from "@/components/ui/select-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/api";
import { userKeys } from "@/lib/api/query-keys";
import { useApiForm } from "@/lib/forms/use-api-form";
import type { Translator } from "@/lib/i18n/translator";
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
 * /users/add: invites someone by mail with a role on an organization or a desk
 * (POST /api/v1/users, docs/api-registration-invitations.md). The admin's organizations
 * and desks decide what may be handed out; the api's 403 on them is the 403 screen.
 */
export function UserInviteForm() {
  const t = useTranslations("userAdmin");
  const choices = useRoleChoices();
  return (
    <QueryGate
      query={choices}
      failed={t("add.loadFailed")}
      errorScreens
      frame={(state) => (
        <div className="flex max-w-2xl flex-col gap-6">
          <PageTitle description={t("add.description")}>{t("add.title")}</PageTitle>
          {state}
        </div>
      )}
    >
      {({ roles, organizations, desks }) =>
        roles.length === 0 ? (
          <Notice>{t("add.nothingToGive")}</Notice>
        ) : (
          <InviteForm roles={roles} organizations={organizations} desks={desks} />
        )
      }
    </QueryGate>
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
  const resourceLabelOf = (role: string) =>
    role !== "" && resourceTypeOf(role) === "Desk" ? t("fields.desk") : t("fields.organization");
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: inviteSchema,
    defaultValues: {
      email: "",
      firstName: "",
      lastName: "",
      locale: locale === "en" ? "en" : "nl",
      role: "",
      resourceId: "",
    },
    fieldLabels: labels,
    submit: (values) =>
      inviteUser(api, {
        email: values.email,
        firstName: values.firstName,
        lastName: values.lastName,
        locale: values.locale,
        ...choiceToChange(values.role, values.resourceId),
      }),
    // A new user in the lists (an organization's admins among them); no record changed.
    invalidates: [userKeys.lists()],
    audited: true,
    success: (_user, values) => t("add.sent", { email: values.email }),
    onSuccess: (user) => {
      setLeaving(true);
      router.push(`/users/${user.id}`);
    },
    fields: API_FIELDS,
    fieldMessage: (field, error, values) =>
      fieldErrorText(
        tAll,
        error.code ?? "invalid",
        field === "resourceId" ? resourceLabelOf(values.role) : labels[field as TField],
      ),
    failureTitle: t("add.failed"),
  });
  const role = form.watch("role");

  return (
    <form {...formProps} className="flex flex-col gap-5">
      <FormError title={failure?.title}>{failure?.description}</FormError>
      <TextField
        label={labels.email}
        type="email"
        autoComplete="off"
        required
        error={message("email")}
        {...form.register("email")}
      />
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
      <SelectField
        label={labels.locale}
        hint={t("add.localeHint")}
        required
        options={localeChoices(tAll)}
        error={message("locale")}
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
        roleError={message("role")}
        resourceError={message("resourceId")}
      />
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton pending={pending || leaving} pendingLabel={t("add.pending")}>
          {t("add.submit")}
        </SubmitButton>
        <Link href="/users" className="inline-flex min-h-11 items-center">
          {tAll("common.cancel")}
        </Link>
      </div>
    </form>
  );
}
