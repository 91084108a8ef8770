"use client";
import { useQuery } from "@tanstack/react-query";
import { useStaffAccessQuery } from "@/lib/auth/use-staff-access";
import { deskListQuery } from "@/lib/desks/desk-queries";
import { organizationPageQuery } from "@/lib/organizations/organization-queries";
import { deskChoices, organizationChoices, roleChoicesFor, type TChoice } from "./role-choice";
import { ADMIN_LIST_SIZE } from "./user-api";
import type { TScopedRoleName } from "./user-types";

export type TRoleChoices = {
  roles: TScopedRoleName[];
  organizations: TChoice[];
  desks: TChoice[];
};

/**
 * What the signed-in admin may hand out: the organizations the api lists them (spec §9's
 * admin list, page[size] 1000) and the desks of the centres they run. In the shape QueryGate
 * reads: a 403 on the organization list means they may not hand out any role (the invite
 * page shows the 403 screen); "Try again" reloads whatever failed.
 */
export function useRoleChoices(): {
  data: TRoleChoices | undefined;
  error: unknown;
  refetch: () => Promise<unknown>;
} {
  const access = useStaffAccessQuery();
  const organizations = useQuery(
    organizationPageQuery({ sort: "name", page: { size: ADMIN_LIST_SIZE } }),
  );
  const desks = useQuery(deskListQuery());
  const refetch = () => Promise.all([organizations.refetch(), access.refetch()]);
  const error = organizations.error ?? access.error;
  if (error) return { data: undefined, error, refetch };
  // Without the desk list the organizations still work; desk manager is then not offered.
  if (!organizations.data || !access.data || desks.isPending) {
    return { data: undefined, error: null, refetch };
  }
  const organizationList = organizationChoices(organizations.data.rows);
  const deskList = desks.data ? deskChoices(desks.data, access.data) : [];
  return {
    data: {
      roles: roleChoicesFor(organizationList.length > 0, deskList.length > 0),
      organizations: organizationList,
      desks: deskList,
    },
    error: null,
    refetch,
  };
}
