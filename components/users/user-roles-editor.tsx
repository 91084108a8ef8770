"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { z } from "zod";
import { ErrorScreen } from "@/components/errors/error-screen";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormError } from "@/components/ui/form-error";
import { Notice } from "@/components/ui/notice";
import { PageTitle } from "@/components/ui/page-title";
import { QueryGate } from "@/components/ui/query-gate";
import { SubmitButton } from "@/components/ui/submit-button";
import { api } from "@/lib/api";
import { userKeys } from "@/lib/api/query-keys";
import type { Role } from "@/lib/auth/auth-state";
import { useAuth } from "@/lib/auth/use-auth";
import { deskListQuery } from "@/lib/desks/desk-queries";
import { useApiForm } from "@/lib/forms/use-api-form";
import type { Translator } from "@/lib/i18n/translator";
import { choiceToChange, resourceTypeOf, type TChoice } from "@/lib/users/role-choice";
import { useRoleChoices } from "@/lib/users/use-role-choices";
import { useRemoveUserRole } from "@/lib/users/use-user-mutations";
import { addUserRole } from "@/lib/users/user-api";
import { fieldErrorText } from "@/lib/users/user-form-errors";
import { administersUser, mayChangeRole } from "@/lib/users/user-permissions";
import {
  describeRole,
  namesById,
  roleChangeOf,
  sortRoles,
  type TResourceNames,
} from "@/lib/users/user-roles";
import { userSchemaParts } from "@/lib/users/user-schema";
import { type TScopedRoleName, type TUserRecord, userDisplayName } from "@/lib/users/user-types";
import { RoleChoiceFields } from "./role-choice-fields";
import { UserLoader } from "./user-loader";

/**
 * /users/:id/add_role: the user's roles, each with a Remove button (the exact
 * role goes: name, resource type and id, as rolify matches them), and a form to add one
 * (PUT …/add_role). Both answer the user with roles, and the list updates.
 */
export function UserRolesEditor({ id }: { id: string }) {
  return <UserLoader id={id}>{(user) => <RolesBody user={user} />}</UserLoader>;
}

function RolesBody({ user }: { user: TUserRecord }) {
  const t = useTranslations("userAdmin");
  const tAll = useTranslations();
  const auth = useAuth();
  const choices = useRoleChoices();
  const desks = useQuery(deskListQuery());
  const [removing, setRemoving] = useState<Role | null>(null);
  const remove = useRemoveUserRole(() => setRemoving(null));

  const viewer = { id: auth.user?.id ?? null, roles: auth.roles };
  if (!administersUser(viewer, user)) return <ErrorScreen kind="forbidden" />;

  const choiceNames = (list: readonly TChoice[]) => new Map(list.map((c) => [c.value, c.label]));
  const names: TResourceNames = {
    organizations: new Map([
      ...(choices.data ? choiceNames(choices.data.organizations) : []),
      ...namesById(user.organizations, (o) => o.name),
    ]),
    desks: namesById(desks.data, (d) => d.azcName),
  };
  const centreOf = {
    organization: (orgId: string) => {
      const organization = user.organizations?.find((o) => String(o.id) === orgId);
      const centre = organization?.volunteerCenterId;
      return centre === null || centre === undefined ? null : String(centre);
    },
    desk: (deskId: string) => {
      const desk = desks.data?.find((d) => String(d.id) === deskId);
      return desk ? String(desk.volunteerCenterId) : null;
    },
  };
  const roles = sortRoles(user.roles ?? []);
  const name = userDisplayName(user);

  return (
    <div className="flex max-w-3xl flex-col gap-8">
      <div>
        <p className="mb-2">
          <Link href={`/users/${user.id}`} className="inline-flex min-h-11 items-center">
            {t("edit.back", { name })}
          </Link>
        </p>
        <PageTitle description={t("roleAdmin.description")}>
          {t("roleAdmin.title", { name })}
        </PageTitle>
      </div>

      <section aria-labelledby="current-roles" className="flex flex-col gap-3">
        <h2 id="current-roles" className="font-bold text-xl">
          {t("roleAdmin.currentHeading")}
        </h2>
        {roles.length === 0 ? (
          <p>{t("roles.none")}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-neutral-200 rounded-shape border-2 border-neutral-300 bg-white">
            {roles.map((role) => {
              const label = describeRole(tAll, role, names);
              return (
                <li key={role.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                  <span>{label}</span>
                  {mayChangeRole(auth.roles, role, centreOf) ? (
                    <Button
                      size="sm"
                      variant="outline"
                      className="min-h-11"
                      onClick={() => setRemoving(role)}
                    >
                      {t("roleAdmin.remove")}
                      <span className="sr-only"> {label}</span>
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="add-role" className="flex flex-col gap-3">
        <h2 id="add-role" className="font-bold text-xl">
          {t("roleAdmin.addHeading")}
        </h2>
        <QueryGate query={choices} failed={t("add.loadFailed")}>
          {(given) =>
            given.roles.length === 0 ? (
              <Notice>{t("add.nothingToGive")}</Notice>
            ) : (
              <AddRoleForm
                user={user}
                names={names}
                roles={given.roles}
                organizations={given.organizations}
                desks={given.desks}
              />
            )
          }
        </QueryGate>
      </section>

      <ConfirmDialog
        open={removing !== null}
        title={t("roleAdmin.removeTitle", {
          role: removing ? describeRole(tAll, removing, names) : "",
          name,
        })}
        confirmLabel={t("roleAdmin.removeConfirm")}
        pending={remove.isPending}
        pendingLabel={tAll("common.busy")}
        onConfirm={() => {
          if (removing)
            remove.mutate({
              user,
              change: roleChangeOf(removing),
              label: describeRole(tAll, removing, names),
            });
        }}
        onCancel={() => setRemoving(null)}
      >
        <p>{t("roleAdmin.removeBody")}</p>
      </ConfirmDialog>
    </div>
  );
}

function addRoleSchema(t: Translator) {
  const parts = userSchemaParts(t);
  return z.object({ role: parts.role, resourceId: parts.resourceId });
}

type TAddRole = z.output<ReturnType<typeof addRoleSchema>>;

/** The api's attributes (422 pointers, camelCased) → the form's two fields. */
const ROLE_FIELDS = {
  role: "role",
  resourceType: "resourceId",
  resourceId: "resourceId",
} as const;

function AddRoleForm({
  user,
  names,
  roles,
  organizations,
  desks,
}: {
  user: TUserRecord;
  names: TResourceNames;
  roles: TScopedRoleName[];
  organizations: TChoice[];
  desks: TChoice[];
}) {
  const t = useTranslations("userAdmin");
  const tAll = useTranslations();
  const resourceLabelOf = (role: string) =>
    role !== "" && resourceTypeOf(role) === "Desk" ? t("fields.desk") : t("fields.organization");
  // "Member of Montessorischool Zeist": the role the toast or the failure is about.
  const labelOf = (values: TAddRole) => {
    const change = choiceToChange(values.role, values.resourceId);
    return describeRole(
      tAll,
      {
        id: "",
        name: change.role,
        resourceType: change.resourceType,
        resourceId: change.resourceId,
      },
      names,
    );
  };
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: addRoleSchema,
    defaultValues: { role: "", resourceId: "" },
    fieldLabels: { role: t("fields.role"), resourceId: t("fields.organization") },
    submit: (values) => addUserRole(api, user.id, choiceToChange(values.role, values.resourceId)),
    // The user and their history, the lists that show their roles, and the signed-in
    // user's own roles when admins give themselves one.
    invalidates: [userKeys.detail(user.id), userKeys.lists(), userKeys.current()],
    audited: true,
    success: (_saved, values) => t("roleAdmin.added", { role: labelOf(values) }),
    // Ready for the next role.
    onSuccess: (): void => form.reset({ role: "", resourceId: "" }),
    failureTitle: (values) => t("roleAdmin.addFailed", { role: labelOf(values) }),
    fields: ROLE_FIELDS,
    fieldMessage: (field, error, values) =>
      fieldErrorText(
        tAll,
        error.code ?? "invalid",
        field === "resourceId" ? resourceLabelOf(values.role) : t("fields.role"),
      ),
  });
  const role = form.watch("role");

  return (
    <form {...formProps} className="flex flex-col gap-5">
      <FormError title={failure?.title}>{failure?.description}</FormError>
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
      <div>
        <SubmitButton pending={pending} pendingLabel={tAll("common.busy")}>
          {t("roleAdmin.addSubmit")}
        </SubmitButton>
      </div>
    </form>
  );
}
