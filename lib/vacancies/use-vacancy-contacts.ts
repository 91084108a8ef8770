"use client";

import { useQuery } from "@tanstack/react-query";
import { contactChoices } from "./contact-people";
import { organizationStaffQuery } from "./managed-vacancy-queries";

type TMe = { id: string; firstName?: unknown; lastName?: unknown; email?: unknown };

/**
 * The contact people to offer for a vacancy of `organizationId` (lib/vacancies/contact-people.ts):
 * its staff when the caller may list them, else the caller and the current contact.
 * Nothing but the current one while the list loads.
 */
export function useVacancyContacts(
  organizationId: string,
  me: TMe,
  current: { id: string; name: string | null } | null,
) {
  const staff = useQuery(organizationStaffQuery(organizationId));
  if (staff.data === undefined) {
    return {
      choices: current ? [{ value: current.id, label: current.name ?? current.id }] : [],
      limited: false,
    };
  }
  return contactChoices(staff.data, me, current);
}
