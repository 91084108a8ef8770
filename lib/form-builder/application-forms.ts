"use client";

import { useQuery } from "@tanstack/react-query";
import { managedFormsQuery } from "./form-builder-api";

/**
 * The forms a vacancy may ask its applicants to fill in: the published forms of its
 * organisation and of that organisation's centre that the writer manages (the api's list is
 * scoped to those; it checks the choice again). Empty while loading or without an
 * organisation: the form then offers no choice.
 */
export function useApplicationFormChoices(
  organizationId: string,
  centreId: string | null | undefined,
): { value: string; label: string }[] {
  return usePublishedFormsOf(organizationId === "" ? [] : [organizationId, centreId ?? ""]);
}

/**
 * The published forms of these owners that the writer manages; none asked for no owner.
 * The bulk edit asks for the forms every chosen vacancy may use: their common centre's, and
 * their organisation's when they are all of one.
 */
export function usePublishedFormsOf(
  ownerIds: readonly string[],
): { value: string; label: string }[] {
  const owners = ownerIds.filter((id) => /^\d+$/.test(id));
  const forms = useQuery({
    ...managedFormsQuery({
      filter: { status_eq: "published", organization_id_in: owners },
      sort: "title",
      page: { size: 100 },
    }),
    enabled: owners.length > 0,
  });
  if (owners.length === 0) return [];
  return (forms.data?.rows ?? []).map((form) => ({ value: String(form.id), label: form.title }));
}
