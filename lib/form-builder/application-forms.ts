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
  const owners = [organizationId, centreId ?? ""].filter((id) => /^\d+$/.test(id));
  const forms = useQuery({
    ...managedFormsQuery({
      filter: { status_eq: "published", organization_id_in: owners },
      sort: "title",
      page: { size: 100 },
    }),
    enabled: organizationId !== "",
  });
  return (forms.data?.rows ?? []).map((form) => ({ value: String(form.id), label: form.title }));
}
