"use client";

import type { ReactNode } from "react";
import { ErrorScreen } from "@/components/errors/error-screen";
import { ListLoading } from "@/components/lists/list-states";
import { type TStaffAccess, useStaffAccess } from "@/lib/auth/use-staff-access";
import { classifyError } from "@/lib/errors/error-kind";

type TReady = Extract<TStaffAccess, { status: "ready" }>;

type Props = {
  /** Whether this user may use the page at all. */
  allow: (access: TReady) => boolean;
  children: (access: TReady) => ReactNode;
};

/** Renders the page for users with the right role, the 403 screen (spec §8) for others. */
export function StaffGate({ allow, children }: Props) {
  const access = useStaffAccess();
  if (access.status === "pending") return <ListLoading />;
  if (access.status === "error") {
    const { kind, code } = classifyError(access.error);
    return <ErrorScreen kind={kind} code={code} />;
  }
  if (!allow(access)) return <ErrorScreen kind="forbidden" />;
  return <>{children(access)}</>;
}

/** Superadmins and the admins of a volunteer centre. */
export const centreStaff = (access: TReady) => access.superadmin || access.centreIds.length > 0;
/** Superadmins only. */
export const superadminOnly = (access: TReady) => access.superadmin;
