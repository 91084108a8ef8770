import type { TVacancyStatusName } from "@/lib/contract/vacancies";
import type { TTag } from "@/lib/tags/tag-queries";

/**
 * A vacancy as its writers read it (GET /api/v1/managed_vacancies/:id, the answers of POST,
 * PATCH and the status calls; docs/vacancy-writes.md), camelCased by the api client.
 */
export type TManagedVacancy = {
  id: string;
  title: string;
  summary: string | null;
  description: string | null;
  status: TVacancyStatusName;
  hoursPerWeek: number | null;
  remote: boolean;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  ongoing: boolean;
  startsOn: string | null;
  endsOn: string | null;
  closesOn: string | null;
  volunteersWanted: number | null;
  contactPersonId: number | string | null;
  /** The form whose questions applicants answer (docs/form-builder.md). */
  applicationFormId?: number | string | null;
  contactName: string | null;
  contactEmail: string | null;
  publishedAt: string | null;
  closedAt: string | null;
  organizationId: number | string;
  volunteerCenterId: number | string;
  applicationsCount?: number;
  openApplicationsCount?: number;
  tags?: TTag[];
};

/** Someone who may be a vacancy's contact person: staff of its organisation. */
export type TContactPerson = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
};
