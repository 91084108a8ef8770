import { isApiError, isWrongCenter } from "@/lib/api/errors";

/** The screens of the error catalogue (spec §8). */
export type ErrorKind = "wrongCenter" | "unauthorized" | "forbidden" | "notFound" | "generic";

export type ClassifiedError = { kind: ErrorKind; code?: number };

/** spec §8: which error screen a thrown value gets, and the code to show for 'Other'. */
export function classifyError(error: unknown): ClassifiedError {
  if (isWrongCenter(error)) return { kind: "wrongCenter" };
  if (!isApiError(error)) return { kind: "generic" };
  switch (error.statusCode) {
    case 401:
      return { kind: "unauthorized" };
    case 403:
      return { kind: "forbidden" };
    case 404:
      return { kind: "notFound" };
    default:
      // Status 0 = the request never got an answer (network, time-out): no code to show.
      return error.statusCode > 0
        ? { kind: "generic", code: error.statusCode }
        : { kind: "generic" };
  }
}
