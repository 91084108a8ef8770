/**
 * /nov/beheerders: the calls that make someone an administrator of a volunteer
 * centre, or no longer one. A centre is an organization of type VolunteerCenter; its
 * administrators hold the rolify role `admin` on it (docs/api-users.md).
 */
import type { ApiClient } from "@/lib/api";
import type { Query } from "@/lib/api/query-string";
import { ADMIN_LIST_SIZE, fetchUserPage } from "@/lib/users/user-api";
import type { TUserRecord } from "@/lib/users/user-types";

const USERS = "/api/v1/users";

/** The tenant's volunteer centres, all on one page (spec §9: admin list page size). */
export const CENTRES_QUERY: Query = {
  filter: { type_eq: "VolunteerCenter" },
  sort: "name",
  page: { size: ADMIN_LIST_SIZE },
};

/** The admin role on one centre, as add_role and remove_role take it. */
export const centreAdminRole = (centreId: string) => ({
  role: "admin",
  resourceType: "Organization",
  resourceId: centreId,
});

/** The account with this address, if the caller may see it (superadmins see every one). */
export async function findUserByEmail(
  client: ApiClient,
  email: string,
): Promise<TUserRecord | undefined> {
  const page = await fetchUserPage(client, { filter: { email_eq: email }, page: { size: 1 } });
  return page.rows[0];
}

/** PUT /api/v1/users/:id/add_role (spec §7): rolify's add_role, idempotent. */
export async function addCentreAdmin(
  client: ApiClient,
  userId: string,
  centreId: string,
): Promise<TUserRecord> {
  const response = await client.put<TUserRecord>(
    `${USERS}/${encodeURIComponent(userId)}/add_role`,
    { data: { type: "users", attributes: centreAdminRole(centreId) } },
  );
  return response.data;
}

/** DELETE /api/v1/users/:id/remove_role (spec §7) with exactly that role, nothing wider. */
export async function removeCentreAdmin(
  client: ApiClient,
  userId: string,
  centreId: string,
): Promise<TUserRecord> {
  const response = await client.delete<TUserRecord>(
    `${USERS}/${encodeURIComponent(userId)}/remove_role`,
    { body: { data: { type: "users", attributes: centreAdminRole(centreId) } } },
  );
  return response.data;
}

export type TInvitation = {
  email: string;
  firstName: string;
  lastName: string;
  locale: "nl" | "en";
};

/** POST /api/v1/users (spec §7): invites a new account as admin of the centre, by mail. */
export async function inviteCentreAdmin(
  client: ApiClient,
  invitation: TInvitation,
  centreId: string,
): Promise<TUserRecord> {
  const response = await client.post<TUserRecord>(USERS, {
    data: { type: "user", attributes: { ...invitation, ...centreAdminRole(centreId) } },
  });
  return response.data;
}
