import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/**
 * What the api and the web share about GET /metrics (docs/operations.md): who may read it,
 * the token's rule, and the labels of the request metrics, so both processes' series line up
 * in one dashboard. Server code only (node:crypto).
 */

/** METRICS_TOKEN: unset (or empty) is no token; set, at least 32 characters. */
export const ZMetricsToken = z
  .string()
  .optional()
  .transform((value) => (value === "" ? undefined : value))
  .pipe(z.string().min(32, "METRICS_TOKEN must be at least 32 characters").optional());

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (a dual-stack socket's form). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().replace(/^::ffff:/, "");
  return address === "::1" || /^127(?:\.\d{1,3}){3}$/.test(v4);
}

/** Headers a proxy adds: a request carrying one came through a proxy, from somewhere else. */
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"];

type THeaderValue = string | string[] | undefined | null;

/** Equal tokens, in a time that does not depend on where they differ (both hashed first,
 *  so their lengths do not show either). */
function sameToken(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * Whether a request may read /metrics: from a loopback peer that no proxy forwarded (a
 * scraper on the same host), or with `Authorization: Bearer <METRICS_TOKEN>`. The peer is
 * the socket's address, never a header: a header can be sent by anyone. A proxy on the same
 * host makes every visitor a loopback peer, but it adds X-Forwarded-For (or Forwarded,
 * X-Real-IP), and such a request needs the token; sending one of those headers only ever
 * takes access away, so it cannot be spoofed into access.
 */
export function metricsAccessAllowed(input: {
  /** The socket's remote address; undefined where it cannot be known (Next's handlers). */
  peerAddress: string | undefined;
  header: (name: string) => THeaderValue;
  token: string | undefined;
}): boolean {
  const authorization = input.header("authorization");
  const value = Array.isArray(authorization) ? authorization[0] : authorization;
  const bearer = value ? /^Bearer\s+(\S+)\s*$/i.exec(value)?.[1] : undefined;
  if (input.token && bearer && sameToken(bearer, input.token)) return true;
  if (!isLoopbackAddress(input.peerAddress)) return false;
  return FORWARDING_HEADERS.every((name) => {
    const forwarded = input.header(name);
    return forwarded === undefined || forwarded === null;
  });
}

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
