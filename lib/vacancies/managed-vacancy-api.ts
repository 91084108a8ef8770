/**
 * The back office's vacancy calls (docs/vacancy-writes.md) through the one api client:
 * the managed read, adding, editing, status steps, duplicating and deleting. Bodies are
 * JSON:API documents of type `vacancies`; the client snake_cases their keys
 * (`contactPerson` → `contact_person`, `postalCode` → `postal_code`).
 */
import type { ApiClient } from "@/lib/api";
import type { TVacancyStatusName } from "@/lib/contract/vacancies";
import type { TContactPerson, TManagedVacancy } from "./managed-vacancy-types";
import type { TVacancyDocument } from "./vacancy-form";

const VACANCIES = "/api/v1/vacancies";
const path = (id: string) => `${VACANCIES}/${encodeURIComponent(id)}`;
const WITH_TAGS = { include: "tags" };

/** GET /api/v1/managed_vacancies/:id: one the caller manages, in any status. */
export async function fetchManagedVacancy(
  client: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<TManagedVacancy> {
  const response = await client.get<TManagedVacancy>(
    `/api/v1/managed_vacancies/${encodeURIComponent(id)}`,
    { query: WITH_TAGS, signal },
  );
  return response.data;
}

/** POST /api/v1/vacancies: a draft, or the step from draft its `status` asks for. */
export async function createVacancy(
  client: ApiClient,
  document: TVacancyDocument,
): Promise<TManagedVacancy> {
  const response = await client.post<TManagedVacancy>(VACANCIES, document, { query: WITH_TAGS });
  return response.data;
}

/** PATCH /api/v1/vacancies/:id: what is sent changes; a `status` is a step of the machine. */
export async function updateVacancy(
  client: ApiClient,
  id: string,
  document: TVacancyDocument,
): Promise<TManagedVacancy> {
  const response = await client.patch<TManagedVacancy>(path(id), document, { query: WITH_TAGS });
  return response.data;
}

/** PUT /api/v1/vacancies/:id/transition: approve, close, archive, reopen, take back. */
export async function transitionVacancy(
  client: ApiClient,
  id: string,
  status: TVacancyStatusName,
): Promise<TManagedVacancy> {
  const response = await client.put<TManagedVacancy>(
    `${path(id)}/transition`,
    { data: { type: "vacancies", id, attributes: { status } } },
    { query: WITH_TAGS },
  );
  return response.data;
}

/** POST /api/v1/vacancies/:id/duplicate: a new draft, "Kopie van …". */
export async function duplicateVacancy(client: ApiClient, id: string): Promise<TManagedVacancy> {
  const response = await client.post<TManagedVacancy>(`${path(id)}/duplicate`, undefined, {
    query: WITH_TAGS,
  });
  return response.data;
}

/** DELETE /api/v1/vacancies/:id: drafts and pending ones only (else 409). */
export async function deleteVacancy(client: ApiClient, id: string): Promise<void> {
  await client.delete(path(id));
}

/**
 * GET /api/v1/organizations/:id/staff: the organisation's active admins and members, by
 * first name, who may be its vacancies' contact person. Whoever writes its vacancies may
 * ask, a member too (docs/vacancy-editor.md).
 */
export async function fetchOrganizationStaff(
  client: ApiClient,
  organizationId: string,
  signal?: AbortSignal,
): Promise<TContactPerson[]> {
  const response = await client.get<TContactPerson[]>(
    `/api/v1/organizations/${encodeURIComponent(organizationId)}/staff`,
    { signal },
  );
  return response.data.map(({ id, firstName, lastName, email }) => ({
    id,
    firstName,
    lastName,
    email,
  }));
}
