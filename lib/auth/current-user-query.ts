import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "@/lib/api";
import { userKeys } from "@/lib/api/query-keys";
import type { CurrentUser } from "./auth-state";

/** GET /api/v1/current_user?include=roles (spec §7): the user with their roles. */
export function currentUserQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: userKeys.current(),
    queryFn: async ({ signal }) =>
      (
        await client.get<CurrentUser>("/api/v1/current_user", {
          query: { include: "roles" },
          signal,
        })
      ).data,
  });
}
