"use client";
import "@/lib/organizations/register-organization-headers";
import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { type ReactNode, useEffect, useEffectEvent } from "react";
import { isApiError } from "@/lib/api/errors";
import { useAuth } from "@/lib/auth/use-auth";
import { reportError } from "@/lib/errors/report";
import { currentOrganizationsQuery } from "@/lib/organizations/current-organizations-query";
import { organizationStore } from "@/lib/organizations/organization-store";

export const NO_ORGANIZATION_PATH = "/auth/no-organization";

// spec §8: to error monitoring (lib/errors/report.ts: the app error hook, and Sentry when
// SENTRY_DSN is set), with where it happened so the report can be found.
const reportLoadFailure = (error: unknown) =>
  reportError(error, { source: "organizations", what: "Loading organizations failed" });

/**
 * Loads the signed-in user's organizations and applies the selection rules (spec §4).
 * spec §8: when they fail to load, the failure is reported and the app goes to
 * /auth/no-organization. Needs QueryProvider and AuthProvider above it.
 */
export function OrganizationProvider({
  children,
  onError = reportLoadFailure,
}: {
  children: ReactNode;
  /** Where load failures are reported (error monitoring hooks in here). */
  onError?: (error: unknown) => void;
}) {
  const { status } = useAuth();
  const router = useRouter();
  const query = useQuery({ ...currentOrganizationsQuery(), enabled: status === "SIGNED_IN" });
  const report = useEffectEvent((error: unknown) => onError(error));

  useEffect(() => {
    if (status === "SIGNED_IN" && query.data) organizationStore.setOrganizations(query.data);
  }, [status, query.data]);

  useEffect(() => {
    if (!query.error) return;
    // A 401 is the session ending: AuthProvider signs out; not an organization failure.
    if (isApiError(query.error) && query.error.statusCode === 401) return;
    report(query.error);
    router.replace(NO_ORGANIZATION_PATH);
  }, [query.error, router]);

  return children;
}
