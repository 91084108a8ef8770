import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "@/lib/api";
import { currentUserQuery } from "@/lib/auth/current-user-query";
import { fetchOwnProfile } from "./profile-api";
import { profileKeys } from "./profile-keys";
import type { TAccountUser } from "./profile-types";

/** The signed-in user's own volunteer profile with its interests. */
export function ownProfileQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: profileKeys.own(),
    queryFn: ({ signal }) => fetchOwnProfile(client, signal),
  });
}

/**
 * The signed-in user as the account pages read them: the same query and cache entry as the
 * auth provider's (no second request), seen through the fields these pages use.
 */
export function accountUserQuery(client: ApiClient = api) {
  return queryOptions({
    ...currentUserQuery(client),
    select: (user): TAccountUser => user as unknown as TAccountUser,
  });
}
