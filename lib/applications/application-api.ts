import type { ApiClient } from "@/lib/api";
import { isApiError } from "@/lib/api/errors";
import {
  APPLICATION_REFUSALS,
  type TApplicationEvent,
  type TApplicationRefusal,
} from "@/lib/contract/applications";
import type { TApplication } from "./application-types";
import type { TApplicationAnswers } from "./apply-questions";

/**
 * What the detail page shows of an application: its vacancy, applicant, organisation,
 * history and the id of its conversation (the thread itself loads apart, polled).
 */
export const APPLICATION_DETAIL_INCLUDE = "vacancy,user,organization,transitions,conversation";

/** POST /api/v1/applications: the signed-in user applies to a vacancy. */
export async function createApplication(
  client: ApiClient,
  vacancyId: string,
  motivation: string,
  /** Answers to the vacancy's questions, when it asks any (docs/forms.md). */
  questions?: TApplicationAnswers,
): Promise<TApplication> {
  const response = await client.post<TApplication>("/api/v1/applications", {
    data: {
      type: "applications",
      attributes: { motivation, ...questions },
      relationships: { vacancy: { data: { type: "vacancies", id: vacancyId } } },
    },
  });
  return response.data;
}

/** PUT /api/v1/applications/:id/transition: accept, decline or withdraw. */
export async function transitionApplication(
  client: ApiClient,
  id: string,
  event: TApplicationEvent,
): Promise<TApplication> {
  const response = await client.put<TApplication>(
    `/api/v1/applications/${encodeURIComponent(id)}/transition`,
    { data: { type: "applications", id, attributes: { event } } },
  );
  return response.data;
}

/**
 * Why POST /applications refused the vacancy itself (a 422 on `/data/relationships/vacancy`),
 * or undefined for any other failure.
 */
export function applicationRefusal(error: unknown): TApplicationRefusal | undefined {
  if (!isApiError(error) || error.statusCode !== 422) return undefined;
  const code = error.errors.find(
    (item) => item.source?.pointer === "/data/relationships/vacancy",
  )?.code;
  return APPLICATION_REFUSALS.find((refusal) => refusal === code);
}

/**
 * The id of the caller's open application an `already_applied` refusal names
 * (`errors[0].meta.application_id`). The normalised errors drop `meta`; the raw list keeps it.
 */
export function alreadyAppliedId(error: unknown): string | undefined {
  if (!isApiError(error) || !Array.isArray(error.raw)) return undefined;
  for (const item of error.raw as unknown[]) {
    if (!item || typeof item !== "object") continue;
    const { code, meta } = item as { code?: unknown; meta?: unknown };
    if (code !== "already_applied" || !meta || typeof meta !== "object") continue;
    const id = (meta as { application_id?: unknown }).application_id;
    if (typeof id === "string" || typeof id === "number") return String(id);
  }
  return undefined;
}
