import { isApiError, isWrongCenter } from "@/lib/api/errors";

/** The screens of the error catalogue (spec §8). */
export type ErrorKind = "wrongCenter" | "unauthorized" | "forbidden" | "notFound" | "generic";

export type ClassifiedError = { kind: ErrorKind; code?: number };

/**
 * Digest of the wrong-center error a server component throws (lib/errors/http-interrupts.ts):
 * a production build sends the browser only the digest of a server error, not its message.
 */
export const WRONG_CENTER_DIGEST = "VOLUNTEERLY_WRONG_CENTER";

function hasDigest(error: unknown, digest: string): boolean {
  return (
    typeof error === "object" && error !== null && "digest" in error && error.digest === digest
  );
}

/** spec §8: which error screen a thrown value gets, and the code to show for 'Other'. */
export function classifyError(error: unknown): ClassifiedError {
  if (isWrongCenter(error) || hasDigest(error, WRONG_CENTER_DIGEST)) return { kind: "wrongCenter" };
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
