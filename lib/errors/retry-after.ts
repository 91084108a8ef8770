/**
 * Seconds to wait from a Retry-After value (delta-seconds or an HTTP date), or undefined.
 * The api sends seconds on 429 (decisions.md, Auth); dates are handled for other servers.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now = Date.now(),
): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  // An HTTP date names its weekday and month; without letters Date.parse guesses wildly ("-3").
  if (!/[a-z]/i.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * Seconds to wait after a thrown api error: its response's Retry-After header, when the
 * error carries its headers (`headers: Headers`) or the parsed value (`retryAfter`).
 */
export function retryAfterOf(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  if ("retryAfter" in error && typeof error.retryAfter === "number") return error.retryAfter;
  if ("headers" in error && error.headers instanceof Headers) {
    return parseRetryAfter(error.headers.get("retry-after"));
  }
  return undefined;
}
