import type { ApiClient } from "@/lib/api";
import { isApiError } from "@/lib/api/errors";
import {
  CANCEL_REFUSALS,
  REGISTRATION_REFUSAL_POINTER,
  REGISTRATION_REFUSALS,
  type TCancelRefusal,
  type TRegistrationRefusal,
} from "@/lib/contract/activity-registrations";
import type { TActivityRegistration } from "./registration-types";

const PATH = "/api/v1/activity_registrations";

/**
 * POST /api/v1/activity_registrations: the signed-in user signs up. The api decides between
 * a place and the waiting list, so the answer's status is what to show.
 */
export async function signUpForActivity(
  client: ApiClient,
  activityId: string,
): Promise<TActivityRegistration> {
  const response = await client.post<TActivityRegistration>(PATH, {
    data: {
      type: "activity_registrations",
      relationships: { activity: { data: { type: "activities", id: activityId } } },
    },
  });
  return response.data;
}

/** DELETE /api/v1/activity_registrations/:id: cancels; the waiting list moves up by itself. */
export async function cancelRegistration(client: ApiClient, id: string): Promise<void> {
  await client.delete(`${PATH}/${encodeURIComponent(id)}`);
}

/**
 * Why POST refused the activity itself (a 422 on `/data/relationships/activity`), or
 * undefined for any other failure.
 */
export function registrationRefusal(error: unknown): TRegistrationRefusal | undefined {
  if (!isApiError(error) || error.statusCode !== 422) return undefined;
  const code = error.errors.find(
    (item) => item.source?.pointer === REGISTRATION_REFUSAL_POINTER,
  )?.code;
  return REGISTRATION_REFUSALS.find((refusal) => refusal === code);
}

/** Why DELETE refused (a 422 with a known code), or undefined for any other failure. */
export function cancelRefusal(error: unknown): TCancelRefusal | undefined {
  if (!isApiError(error) || error.statusCode !== 422) return undefined;
  return CANCEL_REFUSALS.find((refusal) => error.errors.some((item) => item.code === refusal));
}
