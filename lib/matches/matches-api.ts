import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "@/lib/api";
import type { TMatchEmptyReason, TMatchReason } from "@/lib/contract/matches";

/**
 * The dashboard's vacancies that fit (docs/matching.md) and the periodic mail's one-click
 * unsubscribe, through the one api client (flattened, camelCase).
 */

export const MATCHES_PATH = "/api/v1/current_user/matches";
export const UNSUBSCRIBE_PATH = "/api/v1/periodic_mail/unsubscribe";

export type TMatchedVacancy = {
  id: string;
  title: string;
  city: string | null;
  remote: boolean;
  meta: { score: number; reasons: TMatchReason[] };
};
export type TMatches = { vacancies: TMatchedVacancy[]; reason: TMatchEmptyReason | null };

/** Query keys (STYLE.md: per-feature factory). */
export const matchKeys = {
  all: ["matches"] as const,
  own: () => [...matchKeys.all, "own"] as const,
};

export async function fetchMatches(client: ApiClient, signal?: AbortSignal): Promise<TMatches> {
  const response = await client.get<TMatchedVacancy[]>(MATCHES_PATH, { signal });
  const reason = (response.meta?.reason ?? null) as TMatchEmptyReason | null;
  return { vacancies: response.data, reason };
}

export function matchesQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: matchKeys.own(),
    queryFn: ({ signal }) => fetchMatches(client, signal),
  });
}

/** Switches the periodic mail off with the token of the mail's link; 404: unknown token. */
export async function unsubscribePeriodicMail(client: ApiClient, token: string): Promise<void> {
  await client.post(UNSUBSCRIBE_PATH, undefined, { query: { token } });
}
