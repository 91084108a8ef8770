"use client";
import { useQuery } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { useAuth } from "@/lib/auth/use-auth";
import { currentOrganizationsQuery } from "./current-organizations-query";
import { type OrganizationState, organizationStore } from "./organization-store";
import type { Organization } from "./select-organization";

export interface UseOrganizations extends OrganizationState {
  selectedOrganization: Organization | null;
  select: (id: string) => boolean;
  isPending: boolean;
  error: unknown;
}

/**
 * The user's organizations and the selection (spec §4). Loading and its side effects
 * live in OrganizationProvider; this hook only reads, so any number of components may use it.
 */
export function useOrganizations(): UseOrganizations {
  const { status } = useAuth();
  const state = useSyncExternalStore(
    organizationStore.subscribe,
    organizationStore.getSnapshot,
    organizationStore.getServerSnapshot,
  );
  const query = useQuery({ ...currentOrganizationsQuery(), enabled: status === "SIGNED_IN" });
  const selectedOrganization =
    state.organizations.find((organization) => organization.id === state.selectedId) ?? null;
  return {
    ...state,
    selectedOrganization,
    select: organizationStore.select,
    isPending: status === "SIGNED_IN" && !state.loaded && query.isPending,
    error: query.error,
  };
}
