"use client";
import { useQuery } from "@tanstack/react-query";
import { useStaffAccess } from "@/lib/auth/use-staff-access";
import { deskListQuery } from "@/lib/desks/desk-queries";
import { organizationPageQuery } from "@/lib/organizations/organization-queries";
import { deskChoices, organizationChoices, roleChoicesFor, type TChoice } from "./role-choice";
import { ADMIN_LIST_SIZE } from "./user-api";
import type { TScopedRoleName } from "./user-types";

export type TRoleChoices =
  | { status: "pending" }
  | { status: "error"; error: unknown; retry: () => void }
  | {
      status: "ready";
      roles: TScopedRoleName[];
      organizations: TChoice[];
      desks: TChoice[];
    };

/**
 * What the signed-in admin may hand out: the organizations the api lists them (spec §9's
 * admin list, page[size] 1000) and the desks of the centres they run. A 403 on the
 * organization list means they may not hand out any role: the page shows the 403 screen.
 */
export function useRoleChoices(): TRoleChoices {
  const access = useStaffAccess();
  const organizations = useQuery(
    organizationPageQuery({ sort: "name", page: { size: ADMIN_LIST_SIZE } }),
  );
  const desks = useQuery(deskListQuery());
  if (organizations.error) {
    return { status: "error", error: organizations.error, retry: () => organizations.refetch() };
  }
  if (access.status === "error") return { status: "error", error: access.error, retry: () => {} };
  if (organizations.isPending || access.status === "pending" || desks.isPending) {
    return { status: "pending" };
  }
  const organizationList = organizationChoices(organizations.data.rows);
  // Without the desk list the organizations still work; desk manager is then not offered.
  const deskList = desks.data ? deskChoices(desks.data, access) : [];
  return {
    status: "ready",
    roles: roleChoicesFor(organizationList.length > 0, deskList.length > 0),
    organizations: organizationList,
    desks: deskList,
  };
}
