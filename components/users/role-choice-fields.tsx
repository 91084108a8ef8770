"use client";

import { useTranslations } from "next-intl";
import type { ComponentProps } from "react";
import { SelectField } from "@/components/ui/select-field";
import { roleLabel } from "@/lib/i18n/labels";
import { resourceTypeOf, type TChoice } from "@/lib/users/role-choice";
import type { TScopedRoleName } from "@/lib/users/user-types";

type TSelectProps = Omit<ComponentProps<typeof SelectField>, "label" | "options" | "error">;

type Props = {
  /** The role chosen now: it decides whether the second field lists organizations or desks. */
  role: string;
  roles: readonly TScopedRoleName[];
  organizations: readonly TChoice[];
  desks: readonly TChoice[];
  roleField: TSelectProps;
  resourceField: TSelectProps;
  roleError?: string;
  resourceError?: string;
};

/**
 * The role to give and what it is on: an organization for admin and member, a desk for a
 * desk manager. The second select follows the first (it comes right after it, so a change
 * moves nothing the user has passed: WCAG 3.2.2).
 */
export function RoleChoiceFields({
  role,
  roles,
  organizations,
  desks,
  roleField,
  resourceField,
  roleError,
  resourceError,
}: Props) {
  const t = useTranslations("userAdmin");
  const tAll = useTranslations();
  const onDesk = role !== "" && resourceTypeOf(role) === "Desk";
  return (
    <>
      <SelectField
        label={t("fields.role")}
        required
        placeholder={t("roleChoice.chooseRole")}
        options={roles.map((value) => ({ value, label: roleLabel(tAll, value) }))}
        error={roleError}
        {...roleField}
      />
      <SelectField
        label={onDesk ? t("fields.desk") : t("fields.organization")}
        required
        placeholder={onDesk ? t("roleChoice.chooseDesk") : t("roleChoice.chooseOrganization")}
        options={onDesk ? desks : organizations}
        error={resourceError}
        {...resourceField}
      />
    </>
  );
}
