"use client";

import { usePathname } from "next/navigation";
import {
  createContext,
  type ReactNode,
  use,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from "react";
import { selectDesk, type TDeskSummary } from "@/lib/desks/select-desk";
import { organizationStore } from "@/lib/organizations/organization-store";

const DeskContext = createContext<TDeskSummary | undefined>(undefined);

/**
 * spec §4 "Desk selection" in the browser: the desk whose slug prefixes the path, else the
 * desk of the selected organization; its volunteerCenterId becomes the current volunteer
 * centre (sent as Volunteer-Center-Id, lib/organizations/register-organization-headers.ts).
 * Re-evaluated on every client navigation, which the root layout does not see.
 */
export function DeskProvider({
  desks,
  children,
}: {
  /** The tenant's active desks, loaded by the root layout (cached per tenant). */
  desks: readonly TDeskSummary[];
  children: ReactNode;
}) {
  const pathname = usePathname() ?? "/";
  const selectedId = useSyncExternalStore(
    organizationStore.subscribe,
    () => organizationStore.getSnapshot().selectedId,
    () => null,
  );
  const desk = useMemo(
    () => selectDesk(pathname, desks, selectedId),
    [pathname, desks, selectedId],
  );

  useEffect(() => {
    // No desk: back to the site's default centre (the BFF fills it in, spec §3).
    organizationStore.setVolunteerCenterId(desk?.volunteerCenterId ?? null);
  }, [desk]);

  return <DeskContext value={desk}>{children}</DeskContext>;
}

/** The current desk (spec §4), or undefined when neither the path nor the organization selects one. */
export function useCurrentDesk(): TDeskSummary | undefined {
  return use(DeskContext);
}
