/**
 * The back office's user calls (spec §7) through the one api client. Bodies are JSON:API
 * documents as the spec sends them: `users` for PATCH and the role calls, `user` for the
 * invitation (POST /api/v1/users); the client snake_cases the attribute keys.
 */
import type { ApiClient } from "@/lib/api";
import { fetchPaged, type TPaged } from "@/lib/api/paged";
import type { Query } from "@/lib/api/query-string";
import type {
  TAuditEntry,
  TInvitation,
  TRoleChange,
  TUserChanges,
  TUserRecord,
} from "./user-types";

const BASE = "/api/v1/users";
/** spec §9: admin list page size. */
export const ADMIN_LIST_SIZE = 1000;
/** How many of a user's audit entries the detail page shows (a short history). */
export const HISTORY_SIZE = 10;

const userPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

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

/** spec §7: GET /api/v1/users/{id} with include=roles,organizations. */
export async function fetchUser(
  client: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<TUserRecord> {
  const response = await client.get<TUserRecord>(userPath(id), {
    query: { include: "roles,organizations" },
    signal,
  });
  return response.data;
}

/** spec §7: POST /api/v1/users with data{type user, attributes}: invites by mail. */
export async function inviteUser(client: ApiClient, invitation: TInvitation): Promise<TUserRecord> {
  const response = await client.post<TUserRecord>(BASE, {
    data: { type: "user", attributes: invitation },
  });
  return response.data;
}

/** spec §7: PATCH /api/v1/users/{id} with data{type users, id, attributes}. */
export async function updateUser(
  client: ApiClient,
  id: string,
  attributes: TUserChanges,
): Promise<TUserRecord> {
  const response = await client.patch<TUserRecord>(userPath(id), {
    data: { type: "users", id, attributes },
  });
  return response.data;
}

/** spec §7: DELETE /api/v1/users/{id}; the api archives (docs/api-users.md). */
export async function archiveUser(client: ApiClient, id: string): Promise<void> {
  await client.delete(userPath(id));
}

/** spec §7: PUT …/add_role with data{type users, attributes{role, resource_type, resource_id}}. */
export async function addUserRole(
  client: ApiClient,
  id: string,
  change: TRoleChange,
): Promise<TUserRecord> {
  const response = await client.put<TUserRecord>(`${userPath(id)}/add_role`, {
    data: { type: "users", attributes: change },
  });
  return response.data;
}

/**
 * spec §7: DELETE …/remove_role with the same body. rolify matches what is sent: the exact
 * role (name, resource type and id), so only that one role goes.
 */
export async function removeUserRole(
  client: ApiClient,
  id: string,
  change: TRoleChange,
): Promise<TUserRecord> {
  const response = await client.delete<TUserRecord>(`${userPath(id)}/remove_role`, {
    body: { data: { type: "users", attributes: change } },
  });
  return response.data;
}

/** spec §7: POST …/resend_confirmation_instructions (an invitee gets the invitation again). */
export async function resendInstructions(client: ApiClient, id: string): Promise<void> {
  await client.post(`${userPath(id)}/resend_confirmation_instructions`);
}

/** The user's newest audit entries (docs/audit-log.md), with who did it. */
export async function fetchUserHistory(
  client: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<TAuditEntry[]> {
  const response = await client.get<TAuditEntry[]>("/api/v1/audit_events", {
    query: {
      include: "actor",
      "filter[subject_type_eq]": "User",
      "filter[subject_id_eq]": id,
      page: { size: HISTORY_SIZE },
    },
    signal,
  });
  return response.data;
}
