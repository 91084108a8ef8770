import { queryOptions } from "@tanstack/react-query";
import { registrationKeys } from "@/lib/activity-registrations/registration-keys";
import { type ApiClient, api } from "@/lib/api";
import type { TWorkshopRegistration } from "./my-workshops";

/**
 * One place with its activity (GET /activity_registrations/:id?include=activity), for its
 * certificate. Under the registrations' keys, so a change to the caller's places reaches it.
 */
export function certificateQuery(registrationId: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: registrationKeys.certificate(registrationId),
    queryFn: async ({ signal }) =>
      (
        await client.get<TWorkshopRegistration>(
          `/api/v1/activity_registrations/${encodeURIComponent(registrationId)}`,
          { query: { include: "activity" }, signal },
        )
      ).data,
  });
}
