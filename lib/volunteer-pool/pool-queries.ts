import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "@/lib/api";
import { fetchPaged } from "@/lib/api/paged";
import type { Query } from "@/lib/api/query-string";
import { poolKeys } from "./pool-keys";
import type { TInvitableVacancy, TPoolInvitation, TPoolVolunteer } from "./pool-types";

/** GET /api/v1/volunteer_pool: one page, the previous one on screen while the next loads. */
export function poolPageQuery(query: Query, client: ApiClient = api) {
  return queryOptions({
    queryKey: poolKeys.list(query),
    queryFn: ({ signal }) =>
      fetchPaged<TPoolVolunteer>(client, "/api/v1/volunteer_pool", query, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * One volunteer of the pool (the same list, filter[id]); `volunteer` null when they are not
 * (or no longer) in it. `invitableCentreIds`: the centres whose vacancies the caller may ask
 * them for (the api's meta, decided by its policy).
 */
export function poolVolunteerQuery(id: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: poolKeys.volunteer(id),
    queryFn: async ({ signal }) => {
      const response = await client.get<TPoolVolunteer[]>("/api/v1/volunteer_pool", {
        query: { filter: { id }, include: "tags" },
        signal,
      });
      const centres = response.meta?.invitableCenterIds;
      return {
        volunteer: response.data[0] ?? null,
        invitableCentreIds: Array.isArray(centres) ? centres.map(String) : [],
      };
    },
  });
}

/** The tenant's interests, for the filter form. */
export function poolTagsQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: poolKeys.tags(),
    queryFn: async ({ signal }) =>
      (
        await client.get<{ id: string; name: string }[]>("/api/v1/tags", {
          query: { page: { size: 1000 } },
          signal,
        })
      ).data,
    staleTime: 5 * 60_000,
  });
}

/**
 * The open vacancies the invite dialog offers: the site's published ones, of the centres the
 * caller may ask for (`centreIds`). The api checks again.
 */
export function invitableVacanciesQuery(centreIds: readonly string[], client: ApiClient = api) {
  return queryOptions({
    queryKey: poolKeys.vacancies(centreIds),
    queryFn: async ({ signal }) => {
      const response = await client.get<TInvitableVacancy[]>("/api/v1/vacancies", {
        query: { sort: "-published_at", page: { size: 100 } },
        signal,
      });
      return response.data.filter((v) => centreIds.includes(String(v.volunteerCenterId)));
    },
  });
}

/** The caller's invitation that a conversation carries, or null. */
export function invitationOfConversationQuery(conversationId: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: poolKeys.forConversation(conversationId),
    queryFn: async ({ signal }) => {
      const response = await client.get<TPoolInvitation[]>("/api/v1/pool_invitations", {
        query: { filter: { conversation_id_eq: conversationId }, page: { size: 1 } },
        signal,
      });
      return response.data[0] ?? null;
    },
  });
}
