import { queryOptions } from "@tanstack/react-query";
import { activityKeys } from "@/lib/activities/activity-keys";
import { type ApiClient, api } from "@/lib/api";
import { registrationKeys } from "./registration-keys";
import type {
  TActivityRegistration,
  TMyRegistrations,
  TSignUpActivity,
} from "./registration-types";

const PATH = "/api/v1/activity_registrations";

/**
 * The caller's live registration for one activity, or null: the api answers 0 or 1 rows,
 * cancelled ones never.
 */
export function ownRegistrationQuery(activityId: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: registrationKeys.forActivity(activityId),
    queryFn: async ({ signal }) => {
      const response = await client.get<TActivityRegistration[]>(PATH, {
        query: { filter: { mine: true, activity_id_eq: activityId } },
        signal,
      });
      return response.data[0] ?? null;
    },
  });
}

/**
 * GET /api/v1/activities/:id through the BFF: its counts as they are now (the island), or
 * its title and date where a registration came without them (/profiel).
 */
export function freshActivityQuery(activityId: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: activityKeys.detail(activityId),
    queryFn: async ({ signal }) =>
      (
        await client.get<TSignUpActivity>(`/api/v1/activities/${encodeURIComponent(activityId)}`, {
          signal,
        })
      ).data,
  });
}

// A place stays live after its activity, and the api orders by status and age, not by date,
// 50 a page by default: one page of its most keeps a busy volunteer's newest, upcoming places
// from falling off the end.
const MY_REGISTRATIONS_PAGE_SIZE = 500;

/**
 * The caller's live registrations with their activities (`include=activity`) and the minutes
 * they gave this year. A missing `meta.minutes_this_year` reads as none given.
 */

export function myRegistrationsQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: registrationKeys.mine(),
    queryFn: async ({ signal }): Promise<TMyRegistrations> => {
      const response = await client.get<TActivityRegistration[]>(PATH, {
        query: {
          filter: { mine: true },
          include: "activity",
          page: { size: MY_REGISTRATIONS_PAGE_SIZE },
        },
        signal,
      });
      const minutes = response.meta?.minutesThisYear;
      return {
        registrations: response.data,
        minutesThisYear: typeof minutes === "number" && Number.isFinite(minutes) ? minutes : 0,
      };
    },
  });
}
