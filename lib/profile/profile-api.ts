/**
 * The account pages' calls (docs/profile-pages.md) through the one api client; bodies in
 * camelCase, which the client snake_cases (the preferences' kinds stay as they are: they are
 * snake_case already).
 */
import type { ApiClient } from "@/lib/api";
import type { TNotificationPreferences } from "@/lib/contract/notification-preferences";
import type { TUserLocale } from "@/lib/contract/user";
import type { TAccountUser, TVolunteerProfile, TVolunteerProfileChanges } from "./profile-types";

export const PROFILE_PATH = "/api/v1/current_user/volunteer_profile";

/** GET the caller's own profile with its interests. */
export async function fetchOwnProfile(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<TVolunteerProfile> {
  const response = await client.get<TVolunteerProfile>(PROFILE_PATH, {
    query: { include: "tags" },
    signal,
  });
  return response.data;
}

/**
 * PATCH the caller's profile: only what is sent changes. `tagIds` given, the interests become
 * exactly those; left out, they stay.
 */
export async function updateOwnProfile(
  client: ApiClient,
  attributes: TVolunteerProfileChanges,
  tagIds?: readonly string[],
): Promise<TVolunteerProfile> {
  const data: Record<string, unknown> = { type: "volunteer_profiles", attributes };
  if (tagIds) {
    data.relationships = { tags: { data: tagIds.map((id) => ({ type: "tags", id })) } };
  }
  const response = await client.patch<TVolunteerProfile>(
    PROFILE_PATH,
    { data },
    { query: { include: "tags" } },
  );
  return response.data;
}

/** spec §7: PATCH /api/v1/current_user with `user`: the language and the notification choices. */
export async function updateAccountSettings(
  client: ApiClient,
  user: { locale: TUserLocale; notificationPreferences: TNotificationPreferences },
): Promise<TAccountUser> {
  const response = await client.patch<TAccountUser>("/api/v1/current_user", { user });
  return response.data;
}

/**
 * devise_token_auth's account update, PUT /auth through the BFF: a new address with the
 * current password. With confirmable the address changes only once the link mailed to the
 * new one is followed; until then the account keeps the old one (`unconfirmed_email`).
 */
export async function requestEmailChange(
  client: ApiClient,
  change: { email: string; currentPassword: string },
): Promise<void> {
  await client.put("/api/auth", change);
}
