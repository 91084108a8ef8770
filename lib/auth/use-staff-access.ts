"use client";
import { useQuery } from "@tanstack/react-query";
import { currentUserQuery } from "@/lib/auth/current-user-query";
import { currentOrganizationsQuery } from "@/lib/organizations/current-organizations-query";
import type { Role } from "./auth-state";
import { isAdminOf, isSuperadmin } from "./role-checks";

export type TStaffAccess =
  | { status: "pending" }
  | { status: "error"; error: unknown }
  | {
      status: "ready";
      roles: Role[];
      superadmin: boolean;
      /** The volunteer centres the user administers. */
      centreIds: string[];
    };

/**
 * Who the signed-in user is in the back office: superadmin, and which centres they run
 * (admin on an organization of type VolunteerCenter). Pages use it to show the 403 screen
 * (spec §8) to people without the role before asking the api for anything; the api checks
 * every call again.
 */
export function useStaffAccess(): TStaffAccess {
  const user = useQuery(currentUserQuery());
  const organizations = useQuery(currentOrganizationsQuery());
  const error = user.error ?? organizations.error;
  if (error) return { status: "error", error };
  if (!user.data || !organizations.data) return { status: "pending" };
  const roles = user.data.roles ?? [];
  return {
    status: "ready",
    roles,
    superadmin: isSuperadmin(roles),
    centreIds: organizations.data
      .filter((o) => o.type === "VolunteerCenter" && isAdminOf(roles, o.id))
      .map((o) => String(o.id)),
  };
}
