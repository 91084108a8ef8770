import { QueryClient, type QueryKey } from "@tanstack/react-query";
import { isApiError } from "./errors";

export const QUERY_STALE_TIME_MS = 30_000;

/** One retry, and none for a 4xx: asking again will not change the answer. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  return !(isApiError(error) && error.statusCode >= 400 && error.statusCode < 500);
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_TIME_MS, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}

/**
 * spec §7: after every PUT or PATCH the affected data is refreshed. Use in a
 * mutation's onSuccess with the exact keys it changes:
 * `onSuccess: () => invalidateKeys(queryClient, [userKeys.current()])`.
 */
export function invalidateKeys(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(
    () => undefined,
  );
}
