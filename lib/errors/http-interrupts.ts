import "server-only";
import { forbidden, notFound, unauthorized } from "next/navigation";
import { isApiError, isWrongCenter } from "@/lib/api/errors";
import { WRONG_CENTER_DIGEST } from "./error-kind";

/**
 * The error screens of spec §8 from server components, with a real HTTP status: Next's
 * interrupts render the route group's unauthorized.tsx (401), forbidden.tsx (403) and
 * not-found.tsx (404) (components/errors/interrupt-screens.tsx; experimental.authInterrupts
 * in next.config.ts). Interrupts are answers, not faults:
 * lib/errors/sentry-filter.ts never reports them.
 */

/** spec §6: 401, not authenticated. */
export function denyUnauthorized(): never {
  unauthorized();
}

/** spec §6: 403, no access rights. */
export function denyForbidden(): never {
  forbidden();
}

export function denyNotFound(): never {
  notFound();
}

/**
 * spec §8: a user registered with another partner centre. There is no interrupt for it, so
 * this throws an error the (site) error boundary recognises by its digest (the one part of a
 * server error a production build passes on). Status 401, as the api answers it, keeps it out
 * of error monitoring.
 */
export function denyWrongCenter(): never {
  throw Object.assign(new Error("wrong center"), {
    digest: WRONG_CENTER_DIGEST,
    statusCode: 401,
  });
}

/**
 * For a failed api call in a server component: `await serverApi.get(…).catch(throwHttpInterrupt)`.
 * 'wrong center' → its screen; 401 → unauthorized(), 403 → forbidden(), 404 → notFound();
 * anything else is thrown on as it is (the error screen, 500, and reported).
 */
export function throwHttpInterrupt(error: unknown): never {
  if (isWrongCenter(error)) denyWrongCenter();
  if (isApiError(error)) {
    if (error.statusCode === 401) denyUnauthorized();
    if (error.statusCode === 403) denyForbidden();
    if (error.statusCode === 404) denyNotFound();
  }
  throw error;
}
