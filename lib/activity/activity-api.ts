/** GET /api/v1/activity_events through the one api client: the user's own events, newest first. */
import type { ApiClient } from "@/lib/api";
import type { TActivityEvent } from "./activity-types";

export async function fetchActivityEvents(
  client: ApiClient,
  { page, size }: { page: number; size: number },
  signal?: AbortSignal,
): Promise<TActivityEvent[]> {
  const response = await client.get<TActivityEvent[]>("/api/v1/activity_events", {
    query: { page: { number: page, size } },
    signal,
  });
  return Array.isArray(response.data) ? response.data : [];
}
