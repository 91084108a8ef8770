/**
 * When the web last failed to get an answer from the api: refused, timed out, or a 502, 503
 * or 504 from it (503 is the api's own answer while its database is away). A page that fails
 * to render just after that is the api's absence, not a fault of the page, and the web server
 * answers it 503 with Retry-After instead of 500 (lib/errors/document-status.ts): crawlers
 * and load balancers come back later instead of counting a broken page.
 *
 * Process-wide rather than per request: the public api cache hands one failed call to every
 * page that asked for it at once, and only the first of them made the call. Shared through
 * `globalThis`, as the web server and the pages Next bundled are separate copies of this
 * module in one process.
 */

const STATE_KEY = Symbol.for("volunteerly.upstream-health");

/** How long after a failed api call a failed page counts as the api's absence. */
export const UPSTREAM_FAILURE_WINDOW_MS = 5_000;

/** What the 503 asks a client to wait before trying again, in seconds. */
export const UPSTREAM_RETRY_AFTER_SECONDS = 5;

const FAILURE_STATUSES = new Set([502, 503, 504]);

type TUpstreamHealth = { failedAt: number | undefined };

function state(): TUpstreamHealth {
  const holder = globalThis as typeof globalThis & { [STATE_KEY]?: TUpstreamHealth };
  holder[STATE_KEY] ??= { failedAt: undefined };
  return holder[STATE_KEY];
}

export function noteUpstreamFailure(now = Date.now()): void {
  state().failedAt = now;
}

export function upstreamFailedRecently(now = Date.now()): boolean {
  const { failedAt } = state();
  return (
    failedAt !== undefined && now - failedAt >= 0 && now - failedAt < UPSTREAM_FAILURE_WINDOW_MS
  );
}

/** Forgets the last failure (tests). */
export function resetUpstreamHealth(): void {
  state().failedAt = undefined;
}

/**
 * `fetch` that notes the api's failures; the answer or the error is passed on unchanged.
 * A caller's own abort is not the api's failure.
 */
export function watchUpstream(fetchImpl: typeof fetch): typeof fetch {
  return async (input, init) => {
    try {
      const response = await fetchImpl(input, init);
      if (FAILURE_STATUSES.has(response.status)) noteUpstreamFailure();
      return response;
    } catch (error) {
      const abortedByCaller =
        init?.signal?.aborted === true &&
        (init.signal.reason as { name?: unknown } | undefined)?.name !== "TimeoutError";
      if (!abortedByCaller) noteUpstreamFailure();
      throw error;
    }
  };
}
