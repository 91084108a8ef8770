/** The back office's user calls (spec §7) through the one api client. */
import type { ApiClient } from "@/lib/api";
import { fetchPaged, type TPaged } from "@/lib/api/paged";
import type { Query } from "@/lib/api/query-string";
import type { TUserRecord } from "./user-types";

const BASE = "/api/v1/users";
/** spec §9: admin list page size. */
export const ADMIN_LIST_SIZE = 1000;

export function fetchUserPage(
  client: ApiClient,
  query: Query,
  signal?: AbortSignal,
): Promise<TPaged<TUserRecord>> {
  return fetchPaged<TUserRecord>(client, BASE, query, signal);
}

/** spec §6/§7: an organization's admins: filter[organization_id_eq] + filter[with_role]=admin. */
export async function fetchOrganizationAdmins(
  client: ApiClient,
  organizationId: string,
  signal?: AbortSignal,
): Promise<TUserRecord[]> {
  const page = await fetchUserPage(
    client,
    {
      "filter[organization_id_eq]": organizationId,
      "filter[with_role]": "admin",
      page: { size: ADMIN_LIST_SIZE },
    },
    signal,
  );
  return page.rows;
}
