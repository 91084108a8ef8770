"use client";

import { useQuery } from "@tanstack/react-query";
import { usePathname, useRouter } from "next/navigation";
import { useEffect } from "react";
import { currentUserQuery } from "@/lib/auth/current-user-query";
import { belongsToAnotherDesk, wrongDeskPath } from "@/lib/desks/desk-guard";
import { deskOfPath, type TDeskSummary } from "@/lib/desks/select-desk";

/**
 * spec §2's desk guard, the part about the user (docs/desks-admin.md): the proxy selects
 * the desk of the path but does not open the session, so once the browser knows the
 * signed-in user's roles, an account of another desk leaves this desk's pages for
 * /wrong-desk. Renders nothing.
 */
export function WrongDeskGuard({ desks }: { desks: readonly TDeskSummary[] }) {
  const pathname = usePathname() ?? "/";
  const router = useRouter();
  const desk = deskOfPath(pathname, desks);
  const me = useQuery({ ...currentUserQuery(), enabled: desk !== undefined });
  const roles = me.data?.roles;
  useEffect(() => {
    if (!desk || !roles) return;
    if (belongsToAnotherDesk(roles, desk)) router.replace(wrongDeskPath(desk.slug));
  }, [desk, roles, router]);
  return null;
}
