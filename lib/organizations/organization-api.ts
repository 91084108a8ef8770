/**
 * The back office's organization calls (spec §7) through the one api client. Bodies are
 * JSON:API documents of type `organizations`, as the spec sends them.
 */
import type { ApiClient } from "@/lib/api";
import { fetchPaged, type TPaged } from "@/lib/api/paged";
import type { Query } from "@/lib/api/query-string";
import type { TOrganizationRecord, TOrganizationStatus } from "./organization-types";

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
