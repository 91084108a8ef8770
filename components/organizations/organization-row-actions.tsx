"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import type { Role } from "@/lib/auth/auth-state";
import { isSuperadmin, managesOrganization } from "@/lib/auth/role-checks";
import type { TOrganizationRecord } from "@/lib/organizations/organization-types";

export type TPendingAction = {
  kind: "archive" | "reactivate" | "delete";
  organization: TOrganizationRecord;
};

type Props = {
  organization: TOrganizationRecord;
  roles: readonly Role[];
  canMove: boolean;
  onAction: (action: TPendingAction) => void;
};

const linkClass = "inline-flex min-h-11 items-center";

/**
 * What the signed-in admin may do with one row. Status and deletion are for superadmins and
 * the organization's centre's admins, a centre itself only for superadmins (docs/permissions.md);
 * the api refuses the rest anyway, this only keeps the buttons away.
 */
export function OrganizationRowActions({ organization, roles, canMove, onAction }: Props) {
  const t = useTranslations("organizationAdmin.actions");
  const isCentre = organization.type === "VolunteerCenter";
  const manages = isCentre ? isSuperadmin(roles) : managesOrganization(roles, organization);
  const name = <span className="sr-only"> {organization.name}</span>;
  return (
    <ul className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <li>
        <Link href={`/organizations/${organization.id}/edit`} className={linkClass}>
          {t("edit")}
          {name}
        </Link>
      </li>
      {manages && canMove && !isCentre ? (
        <li>
          <Link href={`/organizations/${organization.id}/move`} className={linkClass}>
            {t("move")}
            {name}
          </Link>
        </li>
      ) : null}
      {manages && organization.status === "approved" ? (
        <li>
          <Button
            size="sm"
            variant="outline"
            onClick={() => onAction({ kind: "archive", organization })}
          >
            {t("archive")}
            {name}
          </Button>
        </li>
      ) : null}
      {manages && organization.status === "archived" ? (
        <li>
          <Button
            size="sm"
            variant="outline"
            onClick={() => onAction({ kind: "reactivate", organization })}
          >
            {t("reactivate")}
            {name}
          </Button>
        </li>
      ) : null}
      {manages ? (
        <li>
          <Button
            size="sm"
            variant="outline"
            onClick={() => onAction({ kind: "delete", organization })}
          >
            {t("delete")}
            {name}
          </Button>
        </li>
      ) : null}
    </ul>
  );
}
