import { z } from "zod";

/**
 * What the api and the web share about GET /metrics (docs/operations.md): who may read it,
 * the token's rule, and the labels of the request metrics, so both processes' series line up
 * in one dashboard. The access rule itself is in metrics-access.ts (node:crypto).
 */

/** METRICS_TOKEN: unset (or empty) is no token; set, at least 32 characters. */
export const ZMetricsToken = z
  .string()
  .optional()
  .transform((value) => (value === "" ? undefined : value))
  .pipe(z.string().min(32, "METRICS_TOKEN must be at least 32 characters").optional());

/** "2xx" … "5xx": the status label, few values whatever the api answers. */
export function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : "other";
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The method label: the ones the api serves; anything else a client invents is "OTHER". */
export function methodLabel(method: string): string {
  const upper = method.toUpperCase();
  return METHODS.has(upper) ? upper : "OTHER";
}

/** The route label of a request no route matched (an unknown path, a refused URL). */
export const UNMATCHED_ROUTE = "unmatched";

/** Request latency buckets, in seconds: the api's budgets are tens to hundreds of ms. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5, 10];

export const REQUESTS_METRIC = "volunteerly_http_requests_total";
export const DURATION_METRIC = "volunteerly_http_request_duration_seconds";
export const REQUEST_LABELS = ["method", "route", "status_class"] as const;

/** The api's response header naming the matched route pattern, for the BFF's labels; the
 *  BFF never passes it to the browser (lib/bff/browser-response.ts allows a fixed list). */
export const ROUTE_PATTERN_HEADER = "x-route-pattern";
