/**
 * The back office's organization calls (spec §7) through the one api client. Bodies are
 * JSON:API documents of type `organizations`, as the spec sends them.
 */
import type { ApiClient } from "@/lib/api";
import { fetchPaged, type TPaged } from "@/lib/api/paged";
import type { Query } from "@/lib/api/query-string";
import type {
  TOrganizationAttributes,
  TOrganizationRecord,
  TOrganizationStatus,
  TVolunteerCentre,
} from "./organization-types";

const BASE = "/api/v1/organizations";

export function fetchOrganizationPage(
  client: ApiClient,
  query: Query,
  signal?: AbortSignal,
): Promise<TPaged<TOrganizationRecord>> {
  return fetchPaged<TOrganizationRecord>(client, BASE, query, signal);
}

export async function fetchOrganization(
  client: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<TOrganizationRecord> {
  const response = await client.get<TOrganizationRecord>(`${BASE}/${encodeURIComponent(id)}`, {
    query: { include: "address,profile" },
    signal,
  });
  return response.data;
}

/** spec §7: PUT …/approve with data{type organizations, id, attributes{status}}. */
export async function approveOrganization(
  client: ApiClient,
  id: string,
  status: TOrganizationStatus,
): Promise<TOrganizationRecord> {
  const response = await client.put<TOrganizationRecord>(
    `${BASE}/${encodeURIComponent(id)}/approve`,
    { data: { type: "organizations", id, attributes: { status } } },
  );
  return response.data;
}

export async function deleteOrganization(client: ApiClient, id: string): Promise<void> {
  await client.delete(`${BASE}/${encodeURIComponent(id)}`);
}

/** POST /api/v1/organizations (docs/api-organization-signup.md): staff add one, approved. */
export async function createOrganization(
  client: ApiClient,
  attributes: TOrganizationAttributes,
): Promise<TOrganizationRecord> {
  const response = await client.post<TOrganizationRecord>(BASE, {
    data: { type: "organizations", attributes },
  });
  return response.data;
}

/** PUT /api/v1/organizations/:id with details, address and profile (only the parts sent change). */
export async function updateOrganization(
  client: ApiClient,
  id: string,
  attributes: TOrganizationAttributes,
): Promise<TOrganizationRecord> {
  const response = await client.put<TOrganizationRecord>(
    `${BASE}/${encodeURIComponent(id)}`,
    { data: { type: "organizations", id, attributes } },
    { query: { include: "address,profile" } },
  );
  return response.data;
}

/** PUT /api/v1/organizations/:id/move: to another volunteer centre of the tenant. */
export async function moveOrganization(
  client: ApiClient,
  id: string,
  volunteerCenterId: string,
): Promise<TOrganizationRecord> {
  const response = await client.put<TOrganizationRecord>(`${BASE}/${encodeURIComponent(id)}/move`, {
    data: { type: "organizations", id, attributes: { volunteerCenterId } },
  });
  return response.data;
}

/** GET /api/v1/volunteer_centers: the tenant's approved centres, all of them (spec §9: 1000). */
export async function fetchVolunteerCentres(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<TVolunteerCentre[]> {
  const response = await client.get<TVolunteerCentre[]>("/api/v1/volunteer_centers", {
    query: { page: { size: 1000 } },
    signal,
  });
  return response.data;
}
