import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "@/lib/api";
import { invitationKeys } from "@/lib/api/query-keys";
import { fetchInvitation } from "./signup-api";

/** Whom a pending invitation is for (GET /api/auth/invitation; 404 when it is not one). */
export function invitationQuery(token: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: invitationKeys.detail(token),
    queryFn: ({ signal }) => fetchInvitation(client, token, signal),
    // It changes only by being accepted, after which the page leaves.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
