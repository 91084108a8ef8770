import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "@/lib/api";
import { fetchActivityEvents } from "./activity-api";
import { activityKeys } from "./activity-keys";

/** How many events the toolbar panel shows. */
export const ACTIVITY_PANEL_SIZE = 10;

/**
 * Fresh for 30 s: reopening the panel within that shows the cached list without asking;
 * later it shows the cached list and refreshes it. A sign-out clears the cache
 * (lib/auth/auth-actions.ts), so nobody sees the previous user's events.
 */
export const ACTIVITY_STALE_TIME_MS = 30_000;

/** The toolbar panel: the signed-in user's latest ten events, newest first. */
export function latestActivityQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: activityKeys.latest(),
    queryFn: ({ signal }) =>
      fetchActivityEvents(client, { page: 1, size: ACTIVITY_PANEL_SIZE }, signal),
    staleTime: ACTIVITY_STALE_TIME_MS,
  });
}
