"use client";

import { useQueries } from "@tanstack/react-query";
import { useStaffAccess } from "@/lib/auth/use-staff-access";
import { organizationQuery } from "@/lib/organizations/organization-queries";
import { siteSettingsQuery } from "@/lib/site/site-settings-queries";
import type { TStepContext } from "./vacancy-steps";

const distinct = (values: readonly (string | number)[]) => [...new Set(values.map(String))];

/**
 * The names of the organisations of the listed vacancies. The managed list names only the
 * organisation's id; each organisation is read once (GET /api/v1/organizations/:id, shared
 * with the organisation pages' cache), and a page of vacancies holds a few organisations.
 */
export function useOrganizationNames(ids: readonly (string | number)[]): Map<string, string> {
  const wanted = distinct(ids);
  const results = useQueries({
    queries: wanted.map((id) => ({ ...organizationQuery(id), staleTime: 5 * 60_000 })),
  });
  const names = new Map<string, string>();
  wanted.forEach((id, index) => {
    const name = results[index]?.data?.name;
    if (name) names.set(id, name);
  });
  return names;
}

/**
 * What the status menu needs besides a vacancy's status: whether its centre reviews new
 * vacancies (the centre's public site setting) and whether the caller approves for that
 * centre (its admin, or a superadmin). Undefined until both are known: the menu then
 * offers no step that depends on them.
 */
export function useStepContexts(
  centreIds: readonly (string | number)[],
): (centreId: string | number) => TStepContext | undefined {
  const access = useStaffAccess();
  const wanted = distinct(centreIds);
  const settings = useQueries({
    queries: wanted.map((id) => ({ ...siteSettingsQuery(id), staleTime: 5 * 60_000 })),
  });
  return (centreId) => {
    const index = wanted.indexOf(String(centreId));
    const setting = index < 0 ? undefined : settings[index]?.data;
    if (access.status !== "ready" || !setting) return undefined;
    return {
      reviews: setting.reviewsNewVacancies === true,
      approver: access.superadmin || access.centreIds.includes(String(centreId)),
    };
  };
}
