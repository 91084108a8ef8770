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

export type TReadyAccess = Extract<TStaffAccess, { status: "ready" }>;

function useAccessQueries() {
  const user = useQuery(currentUserQuery());
  const organizations = useQuery(currentOrganizationsQuery());
  const error = user.error ?? organizations.error;
  let access: TStaffAccess;
  if (error) access = { status: "error", error };
  else if (!user.data || !organizations.data) access = { status: "pending" };
  else {
    const roles = user.data.roles ?? [];
    access = {
      status: "ready",
      roles,
      superadmin: isSuperadmin(roles),
      centreIds: organizations.data
        .filter((o) => o.type === "VolunteerCenter" && isAdminOf(roles, o.id))
        .map((o) => String(o.id)),
    };
  }
  return { access, user, organizations };
}

/**
 * Who the signed-in user is in the back office: superadmin, and which centres they run
 * (admin on an organization of type VolunteerCenter). Pages use it to show the 403 screen
 * (spec §8) to people without the role before asking the api for anything; the api checks
 * every call again.
 */
export function useStaffAccess(): TStaffAccess {
  return useAccessQueries().access;
}

/**
 * The same access in the shape QueryGate reads, for a page whose gate waits for its own
 * record and the access together (`allOf(record, access)`): "Try again" reloads both of
 * the queries the access comes from.
 */
export function useStaffAccessQuery(): {
  data: TReadyAccess | undefined;
  error: unknown;
  refetch: () => Promise<unknown>;
} {
  const { access, user, organizations } = useAccessQueries();
  return {
    data: access.status === "ready" ? access : undefined,
    error: access.status === "error" ? access.error : null,
    refetch: () => Promise.all([user.refetch(), organizations.refetch()]),
  };
}
