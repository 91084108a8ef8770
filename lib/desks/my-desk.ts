import { queryOptions } from "@tanstack/react-query";
import { dayOf } from "@/lib/activities/calendar";
import type { TActivity, TDeskWelcome } from "@/lib/activities/types";
import { registrationKeys } from "@/lib/activity-registrations/registration-keys";
import { type ApiClient, api } from "@/lib/api";
import { deskKeys } from "@/lib/api/query-keys";

/** GET /api/v1/desks/:id: the desk with its welcome text (public reading). */
export function deskWelcomeQuery(id: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: deskKeys.detail(id),
    queryFn: async ({ signal }) =>
      (
        await client.get<TDeskWelcome>(`/api/v1/desks/${encodeURIComponent(id)}`, {
          query: { include: "address" },
          signal,
        })
      ).data,
  });
}

/** The desk's published activities from today on (GET /api/v1/activities, public). */
export function deskActivitiesQuery(slug: string, client: ApiClient = api) {
  const query = { filter: { desk: slug, from: dayOf(new Date()) }, page: { size: 50 } };
  return queryOptions({
    queryKey: deskKeys.activities(slug, query),
    queryFn: async ({ signal }) =>
      (await client.get<TActivity[]>("/api/v1/activities", { query, signal })).data,
  });
}

/** Someone with a place at an activity, as those who run it see them. */
export type TActivityPerson = {
  id: string;
  status: "registered" | "waitlisted" | "cancelled";
  waitlistPosition: number | null;
  firstName: string | null;
  lastName: string | null;
};

/** GET /api/v1/activity_registrations?filter[activity_id_eq]=…: its people (docs/activity-registrations.md). */
export function activityPeopleQuery(activityId: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: registrationKeys.people(activityId),
    queryFn: async ({ signal }) =>
      (
        await client.get<TActivityPerson[]>("/api/v1/activity_registrations", {
          query: { filter: { activity_id_eq: activityId }, page: { size: 500 } },
          signal,
        })
      ).data,
  });
}

/** Who comes and who waits, each by name in the order they signed up. */
export function peopleByStatus(people: readonly TActivityPerson[]) {
  const name = (p: TActivityPerson) => [p.firstName, p.lastName].filter(Boolean).join(" ").trim();
  const coming = people.filter((p) => p.status === "registered").map(name);
  const waiting = people
    .filter((p) => p.status === "waitlisted")
    .sort((a, b) => (a.waitlistPosition ?? 0) - (b.waitlistPosition ?? 0))
    .map(name);
  return { coming, waiting };
}
